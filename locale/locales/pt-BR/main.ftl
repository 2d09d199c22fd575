### Os textos do bot em português do Brasil (the bot's Brazilian Portuguese texts): the ids and variables of `en/main.ftl`.
### `<@{ $user }>` é uma menção do Discord e `<#{ $channel }>` um canal; deixe-os como estão.
### Falantes nativos são bem-vindos para corrigir esta tradução.
### Native speakers are welcome to correct this translation.

## Recusas.
error-internal = Algo deu errado do nosso lado. Isso foi registrado; tente de novo.
error-challenge-yourself = Você não pode desafiar a si mesmo. Escolha outro jogador.
error-challenge-bot = Bots não podem jogar Halma aqui. Desafie uma pessoa.
error-channel-busy = Já tem uma partida rolando neste canal. Termine-a ou comece a sua em outro canal.
error-unknown-variant = Não existe variante chamada '{ $text }'. Escolha uma destas: { $variants }.
error-no-parking-off-the-star = `no_parking` é uma opção da estrela (`star2`, `star3`, `star4`, `star6`): { $variant } não tem pontas onde estacionar. Tire-a ou escolha uma variante da estrela.
error-bad-timeout = '{ $text }' não é um tempo por jogada. Escreva um número com unidade, como 10m, 12h ou 3d.
error-timeout-out-of-range = O tempo por jogada '{ $text }' está fora do intervalo: deve ficar entre 1 minuto e 7 dias.
error-no-such-challenge = Este desafio não existe (mais).
error-not-challenged = Só <@{ $user }> pode responder a este desafio.
error-not-challenger = Só <@{ $user }>, que fez este desafio, pode retirá-lo.
error-challenge-expired = Este desafio expirou. Peça um novo.
error-challenge-accepted = Este desafio já foi aceito.
error-challenge-declined = Este desafio já foi recusado.
error-challenge-withdrawn = Este desafio foi retirado.
error-no-game = Nenhuma partida está rolando neste canal. Comece uma com um desafio ou encontre as partidas do servidor com `/halma games`.
error-not-a-player = Você não está jogando a partida deste canal.
error-not-your-turn = Não é a sua vez: é a vez de <@{ $user }>.
error-game-over = A partida deste canal acabou.
error-time-up = Seu tempo para esta jogada acabou; a partida está sendo encerrada por tempo.
error-square-empty = Nenhuma casa informada. Escreva uma casa como e12.
error-square-bad-file = '{ $text }' não é uma casa: deve começar com uma letra de coluna a–p (a–q na estrela), como e12.
error-square-bad-rank = '{ $text }' não é uma casa: depois da letra vem uma fileira 1–16 (1–17 na estrela), como e12.
error-missing-destination = Diga para onde a peça vai: uma casa como g10 ou uma cadeia inteira como g10 g12 e14.
error-position-changed = A posição mudou enquanto você jogava. Olhe o tabuleiro de novo.
error-abort-too-late = Os jogadores só podem cancelar uma partida na primeira rodada, antes de todos terem jogado. Desista ou peça a um moderador.
error-draw-already-offered = Você já está oferecendo empate; seu adversário aceita oferecendo também.

## Jogadas ilegais.
illegal-not-your-turn = Não é a sua vez.
illegal-off-board = { $square } não está neste tabuleiro: suas colunas vão de a a { $last_file } e suas fileiras de 1 a { $last_rank }.
illegal-off-board-star = { $square } não é um furo da estrela: a fileira { $rank } vai de { $first } a { $last }.
illegal-empty-square = Não há peça em { $square }.
illegal-not-your-piece = A peça em { $square } não é sua.
illegal-same-square = Uma jogada deve terminar em uma casa diferente de { $square }.
illegal-same-square-star = Uma jogada deve terminar em um furo diferente de { $square }.
illegal-ends-in-foreign-point = Nesta partida nenhum lance pode terminar em { $square }: fica numa ponta que não é nem sua casa nem seu destino.
illegal-occupied = { $square } está ocupada.
illegal-unreachable = Não dá para chegar a { $to } a partir de { $from } com um passo ou uma cadeia de saltos.
illegal-leaves-target-camp = Uma peça no seu campo de destino não pode sair dele ({ $from } para { $to }).
illegal-leaves-target-point = Uma peça na sua ponta de destino não pode sair dela ({ $from } para { $to }).
illegal-not-a-hop = { $from } para { $to } não é um salto: um salto passa em linha reta por cima de uma peça vizinha.
illegal-nothing-to-hop-over = Não há peça em { $over } para saltar a partir de { $from }.
illegal-revisits = A cadeia passa duas vezes por { $square }.
illegal-cannot-pass = Você não pode passar enquanto tiver uma jogada.
illegal-cannot-remove = Só partidas de três ou mais jogadores (sem equipes) continuam sem um jogador.

## Desafios.
challenge-sent = <@{ $challenger }> desafia <@{ $opponent }> para uma partida de { $variant } com { $timeout } por jogada. <@{ $opponent }>, aceite ou recuse em até 10 minutos.
challenge-accepted = <@{ $opponent }> aceitou o desafio.
challenge-declined = <@{ $opponent }> recusou o desafio.
challenge-withdrawn = <@{ $challenger }> retirou o desafio.
challenge-expired = O desafio para <@{ $opponent }> expirou.

## Partidas.
game-your-move = <@{ $user }>, sua vez.
game-move-played = <@{ $user }> jogou { $chain }.
game-passed = <@{ $user }> não tem jogada e passa.
game-end-completed = <@{ $winner }> levou todas as peças para casa e vence!
game-end-anti-spoiling = <@{ $winner }> vence: o campo de destino está cheio e contém suas peças.
game-end-anti-spoiling-star = <@{ $winner }> vence: a ponta de destino está cheia e contém suas peças.
game-end-resigned = <@{ $loser }> desistiu. <@{ $winner }> vence.
game-end-timeout = <@{ $loser }> ficou sem tempo. <@{ $winner }> vence.
game-end-balance = Os dois jogadores terminaram (regra de equilíbrio): a partida empatou.
game-end-ply-limit = O limite de jogadas foi atingido: a partida empatou.
game-end-no-moves = Ninguém pode jogar: a partida empatou.
game-end-last-player = Todos os outros saíram: <@{ $winner }> vence!
game-end-no-people-left = Só o bot ficou, então a partida termina aqui, empatada entre os lugares do bot.
game-end-agreement = Empate combinado.
game-unrated-early = Sem rating: a partida terminou antes de todos os jogadores jogarem.
game-aborted = <@{ $user }> cancelou a partida. Ela não conta para o ranking.
draw-offered = <@{ $user }> oferece empate. Ofereça também para aceitar; qualquer jogada recusa.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, metade do seu tempo para esta jogada já passou: restam { $left }.
leaderboard-empty = Ninguém jogou uma partida ranqueada de { $variant } aqui ainda.

## A camada do Discord e o modo local.
button-accept = Aceitar
button-decline = Recusar
button-withdraw = Retirar
button-accept-draw = Aceitar empate
button-rematch = Revanche
challenge-anti-spoiling = O antibloqueio está ligado: um campo de destino cheio com suas peças também vence.
challenge-anti-spoiling-star = O antibloqueio está ligado: uma ponta de destino cheia com suas peças também vence.
challenge-no-parking = Proibido estacionar: nenhum lance pode terminar numa ponta que não seja nem a casa nem o destino de quem joga.
colour-a = laranja
colour-b = azul
colour-c = verde
colour-d = roxo
colour-e = amarelo
colour-f = vermelho
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" x "}
game-time-left = Tempo restante: { $left }.
game-aborted-short = A partida foi cancelada.
board-header = { $variant }: { $players }. Jogadas feitas: { $ply }.
board-last-move = Última jogada: <@{ $user }> jogou { $chain }.
board-to-move = É a vez de <@{ $user }>.
history-header = { $variant }, { $moves }:
replay-header = Replay da partida de { $variant } ({ $moves }).
replay-sampled = A partida é longa demais para mostrar cada lance. Posições mostradas: { $frames }, entre elas a inicial e a final.
leaderboard-header = **Ranking: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } V, { $losses } D, { $draws } E)
stats-header = **Estatísticas de <@{ $user }>**
stats-no-games = Nenhuma partida ranqueada ainda.
stats-row = { $variant }: { $rating }, posição { $rank } ({ $games }: { $wins } V, { $losses } D, { $draws } E)
count-moves =
    { $n ->
        [one] { $n } jogada
       *[other] { $n } jogadas
    }
count-games =
    { $n ->
        [one] { $n } partida
       *[other] { $n } partidas
    }
stats-current-game = Jogando { $variant } em <#{ $channel }>.
rules-summary = **Halma.** Leve todas as suas peças para o campo do canto oposto. A cada vez, mova uma peça: um passo para uma casa vizinha vazia (8 direções), ou um ou mais saltos por cima de uma peça vizinha até a casa vazia logo atrás (sem captura; pare quando quiser). Uma peça que chegou ao seu campo de destino não pode sair dele. Jogadas: `/halma move from:m3 to:k5` (ou uma cadeia `to:k5 m7`). Variantes:
rules-variant = • `{ $name }`: { $side }×{ $side }, { $players } jogadores, { $pieces } peças cada
rules-star = **Damas chinesas (`star2` a `star6`).** As mesmas jogadas numa estrela de seis pontas com 121 furos: passos e saltos em 6 direções, e você leva suas peças para a ponta oposta à sua.
rules-variant-star = • `{ $name }`: a estrela, { $players } jogadores, { $pieces } peças cada

## Descrições de comandos e opções (no máximo 100 caracteres).
cmd-halma = Jogue Halma neste canal
cmd-halma-challenge = Desafie um membro para uma partida de Halma
cmd-halma-move = Mova uma peça: um passo ou saltos até a casa final
cmd-halma-board = Mostra o tabuleiro atual
cmd-halma-resign = Desista da partida
cmd-halma-draw = Ofereça empate ou aceite o oferecido
cmd-halma-history = As jogadas até agora e a posição em texto
cmd-halma-leaderboard = Os melhores jogadores deste servidor
cmd-halma-stats = Ratings, histórico e partidas atuais de um membro
cmd-halma-replay = A partida como GIF animado
cmd-halma-rules = Como jogar, e as variantes
cmd-halma-abort = Encerra a partida sem ranking (moderadores, ou jogadores antes de todos jogarem)
opt-halma-challenge-opponent = Contra quem jogar
opt-halma-challenge-variant = Tabuleiro e campos (padrão: standard 16×16)
opt-halma-challenge-first = Quem joga primeiro (padrão: aleatório)
opt-halma-challenge-anti-spoiling = Um campo de destino cheio com suas peças também vence (padrão: não)
opt-halma-challenge-no-parking = Só estrela: nenhum lance termina numa ponta que não seja sua casa nem seu destino (padrão: não)
opt-halma-challenge-turn-timeout = Tempo por jogada, como 10m, 12h ou 3d (padrão: 24h)
opt-halma-move-from = A casa da peça a mover, como m3
opt-halma-move-to = Para onde vai, como k5, ou cada casa de pouso: k5 m7
opt-halma-leaderboard-variant = Qual variante (padrão: standard)
opt-halma-stats-player = De quem são as estatísticas (padrão: suas)

## Partidas contra o bot, e dicas.
error-unknown-level = Não existe nível chamado '{ $text }'. Escolha um destes: { $levels }.
error-level-needs-bot = Um nível só vale para partidas contra o bot. Desafie o próprio bot ou deixe o nível de fora.
error-no-hints-left = Você já usou todas as { $limit } dicas desta partida. Boa sorte!
error-bot-busy = O bot já está pensando o máximo que pode para você ou para este servidor. Tente de novo em um minuto.
error-slow-down = Mais devagar: você enviou muitos comandos em poucos segundos. Tente de novo daqui a pouco.
ai-thinking = <@{ $bot }> joga primeiro e está pensando…
game-bot-thinking = <@{ $bot }> está pensando…
hint-move = Dica: { $chain }. Dicas restantes nesta partida: { $left }.
stats-ai-row = Contra o bot ({ $level }): { $wins } V, { $losses } D, { $draws } E
history-hints = Dicas usadas: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Sugere uma jogada para você (3 por partida, só você vê)
opt-halma-challenge-level = A força do bot, quando você desafia o bot (padrão: medium)

## Robustez.
error-unknown-button = Este botão não vale mais.
error-old-button = Este botão é de uma partida anterior. Use `/halma board` para ver a atual.
error-challenge-pending = Você já desafiou <@{ $user }> neste canal. Espere a resposta ou retire esse desafio antes.
error-too-many-challenges = Você já tem { $limit } desafios esperando resposta neste servidor. Espere uma resposta ou retire um primeiro.
error-server-challenges-full = Este servidor já tem { $limit } desafios esperando resposta. Tente de novo quando alguns forem respondidos.
error-too-many-threads = Você abriu na última hora tantos tópicos de partida quanto é permitido ({ $limit }). Jogue em um deles ou desafie direto no canal.
error-server-threads-full = Este servidor abriu na última hora tantos tópicos de partida quanto é permitido ({ $limit }). Tente de novo mais tarde ou desafie direto no canal.
list-more = …e mais { $count }.

## Partidas de três e quatro jogadores e partidas em equipe.
error-left-game = Você saiu desta partida, então não pode mais jogar, oferecer empate nem desistir nela.
game-left-resigned = <@{ $user }> desistiu e sai da partida; suas peças são retiradas do tabuleiro.
game-left-timeout = <@{ $user }> ficou sem tempo e sai da partida; suas peças são retiradas do tabuleiro.
game-end-completed-team = <@{ $winner }> e <@{ $partner }> levaram todas as peças para casa e vencem!
game-end-anti-spoiling-team = <@{ $winner }> e <@{ $partner }> vencem: seus campos de destino estão cheios e contêm suas peças.
game-end-resigned-team = A equipe de <@{ $loser }> e <@{ $loser_partner }> desistiu. <@{ $winner }> e <@{ $partner }> vencem.
game-end-timeout-team = A equipe de <@{ $loser }> e <@{ $loser_partner }> ficou sem tempo. <@{ $winner }> e <@{ $partner }> vencem.
game-ranking = Classificação final: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, saiu)
error-draw-already-offered-all = Você já está oferecendo empate; ele vale quando todos os outros jogadores ainda na partida oferecerem também.
draw-offered-all = <@{ $user }> oferece empate. Ele vale quando todos os jogadores ainda na partida oferecerem: { $users }, ofereçam também para aceitar; qualquer jogada recusa.
error-challenge-in-channel = Um desafio de <@{ $user }> está esperando respostas neste canal, e um canal reúne jogadores para uma partida de cada vez. Se você foi convidado, aceite ou recuse; senão espere até ele ser respondido ou expirar (no máximo 10 minutos), ou jogue em outro canal.
history-left = { $seat } saiu da partida

## O seletor de jogadas, as configurações do servidor, a lista de partidas e os tópicos.
button-move = Jogar
button-watch = Assistir
button-standings = Classificação
button-play-in-discord = Jogar no Discord
button-back = Voltar
picker-pieces = Escolha a peça a mover; as peças marcadas podem se mover.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Escolha uma peça
picker-destinations = A peça em { $square } pode ir para { $destinations }, marcadas no tabuleiro. Escolha uma ou volte.
picker-placeholder-destination = Escolha para onde vai
picker-more = mais… ({ $count } restantes)
picker-stale = A posição mudou desde que este seletor foi aberto. Olhe o tabuleiro de novo.
picker-stale-fresh = A posição mudou desde que este seletor foi aberto; aqui está um novo.
picker-played = Você jogou { $chain }.
count-destinations =
    { $n ->
        [one] { $n } destino
       *[other] { $n } destinos
    }
games-header = **Partidas neste servidor** ({ $count }):
games-none = Nenhuma partida está rolando neste servidor. Comece uma com `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = vez de <@{ $user }>
games-turn-left = vez de <@{ $user }>, restam { $left }
games-board-link = {" "}· [tabuleiro]({ $link })
cmd-halma-games = As partidas rolando neste servidor
error-needs-manage-server = Só membros que podem gerenciar o servidor podem ver e mudar as configurações de Halma dele.
error-channel-not-allowed = Neste servidor não se joga neste canal. Desafie em um destes: { $channels }.
error-too-many-game-channels = No máximo { $limit } canais podem receber partidas. Remova um antes ou permita todos os canais.
error-unknown-language = Não existe o idioma '{ $text }'. Escolha um destes: en, hr, de, fr, es-ES, pt-BR, pl, ru ou auto (o idioma do servidor).
settings-header = **Configurações de Halma deste servidor**
settings-variant = Variante padrão: { $variant }
settings-turn-timeout = Tempo por jogada padrão: { $timeout }
settings-default = { $value } (padrão do bot)
settings-channels-all = Canais que podem receber partidas: todos
settings-channels = Canais que podem receber partidas: { $channels }
settings-language-auto = Idioma dos lembretes e derrotas por tempo: { $language } (o idioma do servidor)
settings-language = Idioma dos lembretes e derrotas por tempo: { $language }
settings-web-on = Página web pública: ligada, em /server/{ $server }
settings-web-off = Página web pública: desligada
language-en = inglês
language-hr = croata
language-de = alemão
language-fr = francês
language-es = espanhol
language-pt-br = português do Brasil
language-pl = polonês
language-ru = russo
cmd-halma-settings = Mostra ou muda as configurações de Halma deste servidor (Gerenciar servidor)
opt-halma-settings-variant = A variante dos desafios que não indicam nenhuma
opt-halma-settings-turn-timeout = O tempo por jogada dos desafios que não indicam nenhum, como 12h
opt-halma-settings-allow-channel = Permite partidas neste canal (depois, só nos canais da lista)
opt-halma-settings-remove-channel = Tira este canal da lista de canais de partidas
opt-halma-settings-all-channels = Permite partidas em todos os canais de novo
opt-halma-settings-language = Idioma dos lembretes e derrotas por tempo (auto: o do servidor)
opt-halma-settings-web = Mostrar os rankings e as partidas do servidor numa página web pública (desligado por padrão)
thread-opened = O desafio está no seu próprio tópico: <#{ $thread }>.
opt-halma-challenge-thread = Jogue em um novo tópico público com o nome dos jogadores (padrão: não)

## Partidas de três e quatro: convites, salas abertas, o início.
error-wrong-opponent-count-one = { $variant } é uma partida para dois: indique só `opponent`.
error-wrong-opponent-count = { $variant } precisa de { $needed } adversários: indique-os em `opponent`, `opponent2` … `opponent5`.
error-duplicate-opponent = <@{ $user }> foi indicado duas vezes. Indique cada jogador uma vez só.
error-not-invited = Você não foi convidado para esta partida.
error-already-accepted = Você já aceitou. A partida começa quando todos aceitarem.
error-no-such-lobby = Esta sala não existe (mais).
error-lobby-started = A partida desta sala já começou.
error-lobby-closed = Esta sala está fechada. Abra uma nova com `/halma open`.
error-lobby-open = <@{ $user }> tem uma sala aberta neste canal, e um canal reúne jogadores para uma partida de cada vez. Entre nela ou espere até ela começar ou fechar.
error-already-in-lobby = Você já está nesta sala.
error-not-in-lobby = Você não está nesta sala.
error-lobby-full = Todos os lugares desta sala estão ocupados.
error-not-host = Só <@{ $user }>, que abriu esta sala, pode fazer isso.
error-lobby-not-full = Uma partida de { $variant } precisa de { $players } jogadores e { $joined } entraram. Espere mais gente ou adicione o bot.
error-ai-needs-several-players = O bot só ocupa lugares em partidas de três ou mais. Para uma partida a dois, desafie o próprio bot.
error-replays-busy = Muitos replays estão sendo desenhados agora. Tente de novo em um minuto.
invite-sent = <@{ $challenger }> convida { $invitees } para uma partida de { $variant } com { $timeout } por jogada. Todos precisam aceitar em até 10 minutos.
invite-accepted = Aceitaram: { $users }.
invite-waiting = Aguardando: { $users }.
invite-declined = <@{ $user }> recusou: a partida de { $variant } foi cancelada.
invite-expired = O convite para uma partida de { $variant } expirou: nem todos aceitaram a tempo.
invite-withdrawn = <@{ $user }> retirou o convite para uma partida de { $variant }.
invite-and = {" e "}
lobby-open = <@{ $host }> abre uma partida de { $variant } com { $timeout } por jogada. Clique em Entrar para jogar: a partida começa assim que os { $players } lugares forem ocupados. A sala fecha em 30 minutos.
lobby-seats-in-order = Os lugares seguem a ordem de entrada.
lobby-seats-random = Os lugares são sorteados.
lobby-members = Jogadores ({ $joined }/{ $players }): { $users }.
lobby-full = Todos os lugares estão ocupados: <@{ $host }> pode começar a partida com Começar quando o canal estiver livre.
lobby-closed = <@{ $host }> fechou a sala da partida de { $variant }.
lobby-expired = A sala da partida de { $variant } expirou antes de todos os lugares serem ocupados.
lobby-bot = <@{ $user }> ({ $level })
button-join = Entrar
button-leave = Sair
button-start = Começar
button-add-ai = Adicionar IA ({ $level })
start-header = A partida de { $variant } começa!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, nível { $level }
start-team = Equipe { $team }: { $seats }
start-not-rated = O bot joga nesta partida, então ela não conta para o ranking.
start-first = <@{ $user }> joga primeiro.
cmd-halma-open = Abre uma sala em que qualquer pessoa do canal pode entrar
opt-halma-challenge-opponent2 = Um segundo adversário, para uma partida de três ou mais
opt-halma-challenge-opponent3 = Um terceiro adversário, para uma partida de quatro ou seis
opt-halma-challenge-opponent4 = Um quarto adversário, para uma partida de seis (star6)
opt-halma-challenge-opponent5 = Um quinto adversário, para uma partida de seis (star6)
opt-halma-open-variant = Tabuleiro e jogadores (padrão: four)
opt-halma-open-turn-timeout = Tempo por jogada, como 10m, 12h ou 3d (padrão: 24h)
opt-halma-open-anti-spoiling = Um campo de destino cheio com suas peças também vence (padrão: não)
opt-halma-open-no-parking = Só estrela: nenhum lance termina numa ponta que não seja sua casa nem seu destino (padrão: não)
opt-halma-open-seats = Lugares por ordem de entrada ou por sorteio (padrão: join-order)
opt-halma-open-level = A força dos bots que você adiciona (padrão: medium)

## Tempos, como "1 d 2 h 30 min": cada parte, separada por espaços.
duration-days = { $n } d
duration-hours = { $n } h
duration-minutes = { $n } min
duration-seconds = { $n } s

## As páginas ao vivo no navegador (a de uma partida, a de um servidor) e o que seus scripts escrevem.
## Os scripts preenchem { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } e { $time }.
page-to-move = Vez de { $name }
page-in-progress = Em andamento
page-won = Vencida por { $names }
page-drawn = Empate
page-aborted = Cancelada
page-and = {" e "}
page-reason-completed = todas as peças em casa
page-reason-anti-spoiling = campo de destino cheio (antibloqueio)
page-reason-resigned = por desistência
page-reason-timeout = por tempo
page-reason-balance = os dois terminaram (regra de equilíbrio)
page-reason-ply-limit = o limite de jogadas foi atingido
page-reason-no-moves = ninguém pode jogar
page-reason-agreement = em comum acordo
page-reason-aborted = cancelada
page-reason-last-player = só restou um jogador
page-reason-no-people-left = só restou o bot
page-bot = Bot de Halma
page-player = Jogador { $seat }
page-member = Um membro
page-tag-bot = bot
page-tag-left = saiu
page-tag-winner = vencedor
page-tag-to-move = da vez
page-ply = Lance { $n } de { $total }: { $name }, { $move }
page-start = Posição inicial; lances jogados: { $total }
page-pass = passa
page-clock = { $name }: restam { $time }
page-reconnecting = Reconectando…
page-disconnected = Desconectado: recarregue a página para acompanhar a partida.
page-needs-script = O tabuleiro ao vivo precisa de JavaScript.
page-board = O tabuleiro
page-steps = Percorrer a partida
page-first = Posição inicial
page-previous = Um lance para trás
page-slider = Lance mostrado
page-next = Um lance para a frente
page-last = Posição atual
page-games-now = Partidas em andamento
page-no-games = Nenhuma partida está sendo jogada.
page-column-player = Jogador
page-column-rating = Pontuação
page-column-games = Partidas
page-not-found = Não encontrado
page-no-such-game = Esta partida não existe. O link pode estar errado, ou a página não existe mais.
page-no-such-server = Esta página de servidor não existe. O link pode estar errado, ou o servidor desligou sua página.
page-no-such-page = Esta página não existe. O link pode estar errado, ou a página não existe mais.
page-no-such-tournament = Esta página de torneio não existe. O link pode estar errado, ou o torneio não existe mais.
page-tournaments = Torneios
page-tournament-swiss = Torneio suíço · { $variant }
page-tournament-arena = Arena · { $variant }
page-tournament-starts = Começa às { $time }.
page-tournament-round = Rodada { $round } de { $rounds }.
page-tournament-under-way = Em andamento.
page-tournament-ends = Termina às { $time }.
page-tournament-finished = Encerrado.
page-tournament-cancelled = Cancelado.
page-tournament-no-players = Ainda não há jogadores.
page-tournament-withdrew = desistiu
page-column-points = Pontos
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn-Berger
page-column-streak = Sequência

## Nomes do comando, dos subcomandos e das opções (minúsculas, sem espaços, no máximo 32 caracteres) e das escolhas (no máximo 100).
name-command-halma = halma
name-command-challenge = desafiar
name-command-move = mover
name-command-board = tabuleiro
name-command-resign = desistir
name-command-draw = empate
name-command-history = histórico
name-command-leaderboard = ranking
name-command-stats = estatísticas
name-command-replay = reprise
name-command-rules = regras
name-command-abort = cancelar
name-command-hint = dica
name-command-games = partidas
name-command-settings = configurações
name-command-open = abrir
name-option-opponent = adversário
name-option-opponent2 = adversário2
name-option-opponent3 = adversário3
name-option-opponent4 = adversário4
name-option-opponent5 = adversário5
name-option-variant = variante
name-option-first = primeiro
name-option-anti-spoiling = anti_bloqueio
name-option-no-parking = sem_estacionar
name-option-turn-timeout = tempo_por_jogada
name-option-level = nível
name-option-thread = tópico
name-option-from = de
name-option-to = para
name-option-player = jogador
name-option-seats = lugares
name-option-allow-channel = permitir_canal
name-option-remove-channel = remover_canal
name-option-all-channels = todos_os_canais
name-option-language = idioma
name-option-web = web
choice-variant-standard = padrão (16×16, dois)
choice-variant-three = três (16×16)
choice-variant-four = quatro (16×16)
choice-variant-four-teams = quatro em duplas
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = pequeno (8×8)
choice-variant-star2 = estrela para dois (star2)
choice-variant-star3 = estrela para três (star3)
choice-variant-star4 = estrela para quatro (star4)
choice-variant-star6 = estrela para seis (star6)
choice-first-me = eu
choice-first-opponent = adversário
choice-first-random = aleatório
choice-level-easy = fácil
choice-level-medium = médio
choice-level-hard = difícil
choice-seats-join-order = ordem de entrada
choice-seats-random = por sorteio
choice-language-auto = auto (idioma do servidor)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = ligar
choice-web-off = desligar

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` aceita on ou off, não '{ $text }'. Escolha um da lista, ou deixe a opção vazia para ver sua configuração.
notify-on = Mensagens diretas: ligadas. Eu te escrevo quando for sua vez numa partida com { $min } ou mais por jogada, e de novo quando metade do seu tempo tiver passado.
notify-refused = Se o Discord recusar uma (suas mensagens diretas estão fechadas), a menção no canal da partida continua te avisando, e eu paro de tentar por { $pause }.
notify-paused = O Discord recusou a última: tento de novo em { $left }, ou na hora se você ligar as mensagens diretas de novo.
notify-off = Mensagens diretas: desligadas. A menção no canal da partida te avisa quando for sua vez; `/halma notify dm:on` acrescenta uma mensagem direta.
notify-choice-on = on: uma mensagem direta quando for minha vez
notify-choice-off = off: só a menção no canal
dm-your-move = É a sua vez na partida de { $variant } (restam { $left }): { $link }
dm-half-time = Metade do seu tempo para esta jogada já passou (restam { $left }): { $link }
count-hours =
    { $n ->
        [one] { $n } hora
       *[other] { $n } horas
    }
cmd-halma-notify = Receba uma mensagem direta quando for sua vez (partidas com uma hora ou mais por jogada)
opt-halma-notify-dm = on ou off (deixe vazio para ver sua configuração)
name-command-notify = avisos
name-option-dm = mensagem_direta

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Conectando ao Discord…
activity-error-title = Não é possível mostrar a partida
activity-error-outside = Esta página roda dentro do Discord: inicie-a como atividade em um canal.
activity-error-authorize = O Discord não fez seu login.
activity-error-sign-in = O login falhou.
activity-error-network = O servidor não pode ser alcançado.
activity-error-generic = Algo deu errado. Tente de novo.
activity-error-closed = A conexão com a partida foi encerrada.
activity-error-replaced = Este tabuleiro foi aberto em outra janela; aqui ele para.
activity-unnamed = Alguém
activity-retry = Tentar de novo
activity-reconnecting = Reconectando…
activity-board = O tabuleiro
activity-no-game = Não há partida neste canal.
activity-start-hint = Comece uma: jogue contra o bot ou desafie alguém que está aqui.
activity-play-bot = Jogar contra o bot
activity-members = Aqui agora
activity-no-members = Ainda não há mais ninguém aqui.
activity-challenge = Desafiar
activity-challenge-sent = Desafio enviado.
activity-your-turn = Sua vez
activity-to-move = Vez de { $name }
activity-waiting = Aguardando { $name }
activity-watching = Você está assistindo.
activity-not-your-turn = Não é a sua vez.
activity-pick-piece = Escolha uma das suas peças.
activity-pick-destination = Escolha uma casa destacada.
activity-confirm-move = Toque de novo para jogar { $move }.
activity-piece-stuck = Essa peça não pode se mover.
activity-not-your-piece = Essa peça não é sua.
activity-in-progress = Em andamento
activity-won = Vencida por { $name }
activity-drawn = Empate
activity-aborted = Cancelada
activity-clock = { $name }: restam { $time }
activity-last-move = Último lance: { $move }
activity-you = você
activity-bot = bot
activity-left = saiu
activity-winner = vencedor
activity-resign = Desistir
activity-resign-confirm = Desistir desta partida?
activity-cancel = Cancelar
activity-draw-offer = Oferecer empate
activity-draw-accept = Aceitar o empate
activity-draw-offered = Empate oferecido
activity-draw-offered-by = { $name } oferece empate.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = As setas percorrem o tabuleiro. Enter ou Espaço escolhe uma peça e depois a casa para onde ela vai; Esc a solta.
a11y-board-watch = As setas percorrem o tabuleiro; cada casa diz o que há nela.
a11y-square-empty = { $square }, vazia
a11y-square-piece = { $square }, peça { $seat ->
        [a] laranja
        [b] azul
        [c] verde
        [d] roxa
        [e] amarela
       *[f] vermelha
    }
a11y-movable = { $label }, pode se mover
a11y-picked = { $label }, escolhida
a11y-destination = { $label }, destino
a11y-picked-piece = Peça em { $square } escolhida. Ela pode ir para { $squares }.
a11y-pick-cancelled = Nenhuma peça escolhida.
a11y-move = { $name }: { $move }
a11y-pass = { $name } passa a vez.
a11y-moves-log = Os lances conforme são jogados

## Torneios (issue 34): noites de sistema suíço num canal, cada partida no seu próprio tópico.
error-not-organizer = Só membros que podem gerenciar o servidor, ou que têm o cargo de torneios dele, podem organizar torneios. Peça a um moderador.
error-tournament-in-thread = Um torneio é organizado num canal, não num tópico: as partidas dele ganham tópicos próprios. Use o próprio canal.
error-arena-rounds = Uma arena não tem rodadas: ela dura o tempo do seu `duration`. Deixe `rounds` de fora.
error-swiss-duration = Um torneio em sistema suíço tem rodadas, não `duration`. Deixe `duration` de fora ou escolha `format:arena`.
error-bad-duration = '{ $text }' não é uma duração. Escreva um número com unidade, como 60m ou 1h30m.
error-duration-out-of-range = Uma arena dura de { $min } a { $max }. Escolha um `duration` nesse intervalo.
error-arena-only = Só uma arena tem uma fila que dá para pausar. Para parar de jogar num torneio em sistema suíço, use `/halma tournament withdraw`.
error-bad-tournament-name = Um torneio precisa de um nome com 1 a { $limit } caracteres.
error-tournament-variant = Torneios são jogados em variantes para dois jogadores (standard, ig10, small, star2); { $variant } não é uma delas. Escolha uma.
error-bad-rounds = Um torneio tem entre 1 e { $max } rodadas. Deixe `rounds` de fora para ter ⌈log₂ jogadores⌉, no mínimo 3.
error-bad-starts-in = '{ $text }' não é um tempo até o início. Escreva um número com unidade, entre 1 minuto e 7 dias, como 30m ou 2h.
error-server-tournaments-full = Este servidor já tem { $limit } torneios reunindo jogadores ou em andamento. Espere um deles terminar.
error-tournament-in-channel = Este canal já tem um torneio reunindo jogadores ou em andamento. Organize o seu em outro canal.
error-no-tournament = Não há torneio neste canal. Quem organiza torneios pode criar um com `/halma tournament create`.
error-tournament-started = Este torneio já começou, então as inscrições e as saídas estão fechadas. Para parar, use `/halma tournament withdraw`.
error-tournament-not-started = Este torneio ainda não começou: saia dele com `/halma tournament leave`.
error-tournament-over = Este torneio terminou ou foi cancelado.
error-already-in-tournament = Você já está neste torneio.
error-not-in-tournament = Você não joga neste torneio.
error-already-withdrawn = Você já desistiu deste torneio.
error-tournament-full = Este torneio está cheio: aceita no máximo { $limit } jogadores.
error-too-few-players = Um torneio precisa de pelo menos 2 jogadores para começar, e { $joined } entraram. Espere mais jogadores.
error-not-tournament-organizer = Só <@{ $user }>, que organiza este torneio, ou um membro que pode gerenciar o servidor, pode fazer isso.
error-tournament-game-abort = Os jogadores de uma partida de torneio não podem anulá-la. Desista em vez disso, ou peça a um moderador.
tournament-created = Seu torneio **{ $name }** foi criado; o anúncio dele está neste canal. Os membros entram com o botão Entrar dele ou com `/halma tournament join`.
tournament-joined = Você entrou em **{ $name }** ({ $players } jogadores até agora). Ele começa { $start }; suas partidas serão em tópicos deste canal.
tournament-left = Você saiu de **{ $name }**.
tournament-withdrawn = Você desistiu de **{ $name }**: sua partida em andamento está perdida, e você não será mais emparelhado.
tournament-started = **{ $name }** começou: a primeira rodada está sendo emparelhada.
tournament-cancelled = **{ $name }** foi cancelado. As partidas em andamento continuam como partidas comuns.
tournament-announce = 🏆 **{ $name }**: um torneio em sistema suíço de { $variant } com { $timeout } por jogada, organizado por <@{ $organizer }>.
tournament-rounds = Rodadas: { $rounds }.
tournament-rounds-default = Rodadas: ⌈log₂ jogadores⌉, no mínimo 3, definidas no início.
tournament-starts = Começa { $start }. Entre com o botão abaixo; as inscrições fecham no início.
tournament-running = Em andamento: rodada { $round } de { $rounds }. As inscrições estão fechadas.
tournament-finished = Terminado: o pódio e a classificação final estão abaixo.
tournament-called-off = Cancelado.
tournament-no-players = Ainda não há jogadores.
tournament-players = Jogadores ({ $count }/{ $limit }):
tournament-round = **{ $name }**, rodada { $round } de { $rounds }. Cada partida tem seu próprio tópico; o primeiro jogador citado começa.
tournament-pairing = { $board }. <@{ $first }> contra <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> contra <@{ $second }>
tournament-bye = Folga: <@{ $user }> não joga esta rodada e marca um ponto.
tournament-standings = **Classificação de { $name }**, rodada { $round } de { $rounds }:
tournament-standings-before = **Classificação de { $name }**: nenhuma rodada foi jogada ainda.
tournament-standings-legend = Pontos, depois Buchholz (Bh, os pontos dos adversários), depois Sonneborn-Berger (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } pts · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pts · Bh { $buchholz } · SB { $sb } · { $games } (desistiu)
tournament-podium = 🏁 **{ $name }** terminou! O pódio:
tournament-podium-place = { $medal } <@{ $user }>, { $points } pts
tournament-podium-thanks = Obrigado por jogar! `/halma tournament standings` mostra a tabela completa.
tournament-arena-started = **{ $name }** começou e termina { $end }: as primeiras partidas estão sendo emparelhadas.
tournament-paused = Você saiu da fila de **{ $name }**: uma partida em andamento continua, e você não recebe outra até usar `/halma tournament pause` de novo.
tournament-resumed = Você voltou para a fila de **{ $name }**: será emparelhado em alguns segundos.
tournament-arena-announce = 🏆 **{ $name }**: uma arena de { $variant } com { $timeout } por jogada, com duração de { $duration }, organizada por <@{ $organizer }>.
tournament-arena-rules = Quem termina uma partida é emparelhado de novo alguns segundos depois, com o jogador livre de pontuação mais próxima. Vitória vale 2, empate 1; depois de duas vitórias seguidas, cada vitória conta em dobro 🔥 até uma partida não ser vencida. `/halma tournament pause` para descansar.
tournament-arena-running = Em andamento até { $end }; perto do fim nenhuma partida nova começa. As inscrições estão fechadas.
tournament-arena-games = **{ $name }**: novas partidas. Cada uma tem seu próprio tópico; o primeiro jogador citado começa.
tournament-arena-standings = **Classificação de { $name }**, arena até { $end }:
tournament-arena-standings-before = **Classificação de { $name }**: a arena ainda não começou.
tournament-arena-standings-over = **Classificação de { $name }**, final:
tournament-arena-legend = Vitória 2, empate 1, derrota 0; 🔥 depois de duas vitórias seguidas, a próxima vale 4. Empates são decididos pela performance.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } pts · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pts · { $games } (desistiu)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = em pausa
stats-tournaments = Torneios: { $played } jogados, melhor colocação: { $place }.
stats-tournaments-unplaced = Torneios: { $played } jogados.
settings-tournament-role = Cargo que pode organizar torneios: <@&{ $role }>
settings-tournament-role-none = Cargo que pode organizar torneios: nenhum (membros que gerenciam o servidor podem)
cmd-halma-tournament = Um torneio neste canal: sistema suíço ou arena
cmd-halma-tournament-create = Cria um torneio neste canal (Gerenciar servidor, ou o cargo de torneios)
cmd-halma-tournament-join = Entra no torneio deste canal antes do início
cmd-halma-tournament-leave = Sai do torneio deste canal antes do início
cmd-halma-tournament-withdraw = Desiste do torneio deste canal: sua partida em andamento está perdida
cmd-halma-tournament-start = Começa agora o torneio deste canal (quem o organiza)
cmd-halma-tournament-standings = A classificação do torneio deste canal
cmd-halma-tournament-cancel = Cancela o torneio deste canal (quem o organiza, ou Gerenciar servidor)
cmd-halma-tournament-pause = Saia um tempo da fila da arena deste canal, ou volte para ela
opt-halma-tournament-create-name = O nome do torneio
opt-halma-tournament-create-format = Como os jogadores são emparelhados: swiss (rodadas, padrão) ou arena (tempo fixo)
opt-halma-tournament-create-variant = Um tabuleiro para dois: standard, ig10, small ou star2 (padrão: standard)
opt-halma-tournament-create-turn-timeout = Tempo por jogada em cada partida, como 5m ou 12h (padrão: 24h; arena: 1m)
opt-halma-tournament-create-rounds = Número de rodadas (padrão: ⌈log₂ jogadores⌉, no mínimo 3)
opt-halma-tournament-create-duration = A duração de uma arena, como 60m ou 1h30m (padrão: 60m)
opt-halma-tournament-create-starts-in = Quando ele começa sozinho, como 30m ou 2h (padrão: 15m)
opt-halma-settings-tournament-role = Um cargo cujos membros podem organizar torneios
name-command-tournament = torneio
name-command-create = criar
name-command-join = entrar
name-command-leave = sair
name-command-withdraw = desistir
name-command-start = começar
name-command-standings = classificação
name-command-cancel = cancelar
name-command-pause = pausar
name-option-name = nome
name-option-format = formato
name-option-rounds = rodadas
name-option-starts-in = começa_em
name-option-duration = duração
name-option-tournament-role = cargo_torneios
choice-format-swiss = sistema suíço (swiss)
choice-format-arena = arena (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = Não existe um desafio chamado '{ $text }'. Escolha crossing ou chain.
error-no-puzzle-board = Os desafios são jogados nos tabuleiros para dois (star2, small, ig10, standard); { $variant } não é um deles. Escolha um deles.
error-puzzle-open = Você já tem um desafio aberto. Termine-o (`/halma puzzle board` o mostra) ou encerre com `/halma puzzle giveup`.
error-no-open-puzzle = Você não tem nenhum desafio aberto. Comece um com `/halma puzzle start`, ou tente o de hoje com `/halma puzzle daily`.
error-puzzle-over = Este desafio acabou. `/halma puzzle start` te dá outro.
error-no-daily-puzzle = Este bot não oferece desafio do dia. Comece um seu com `/halma puzzle start`.
error-par-not-ready = O par deste tabuleiro, a melhor travessia do motor, ainda está sendo calculado. Tente de novo em um minuto.
error-too-many-puzzles = Você começou { $limit } desafios em um minuto. Espere um pouco antes do próximo.
error-puzzles-busy = Muitos desafios estão sendo preparados agora. Tente de novo em um instante.
error-no-chain-puzzle = Desta vez não foi encontrado um desafio de cadeia que valha a pena neste tabuleiro. Tente de novo ou escolha outro tabuleiro.
puzzle-title-crossing = 🧩 **Seu desafio**: uma travessia em { $variant }.
puzzle-title-chain = 🧩 **Seu desafio**: uma cadeia em { $variant }.
puzzle-title-daily-crossing = 🧩 **Desafio do dia** ({ $day }): uma travessia em { $variant }.
puzzle-title-daily-chain = 🧩 **Desafio do dia** ({ $day }): uma cadeia em { $variant }.
puzzle-goal-crossing = Leve todas as suas peças ({ $colour }) do seu campo até o campo oposto, com passos e saltos como numa partida; a regra do campo vale e não há adversário. O par, o melhor do motor, é { $par }.
puzzle-goal-chain = Você joga com { $colour }. Encontre o lance que mais aproxima suas peças do campo de destino: muitas vezes uma longa cadeia de saltos. Você tem uma só tentativa.
puzzle-progress = Até agora: { $moves }, { $home } de { $total } peças no destino.
puzzle-how = Jogue com o botão Jogar, ou com `/halma move` num canal sem partida sua. `/halma puzzle giveup` encerra.
puzzle-moved = Você jogou { $chain }.
puzzle-crossed-at-par = ✅ Travessia em { $moves }: exatamente o par!
puzzle-crossed-under-par = ✅ Travessia em { $moves }: { $by } abaixo do par de { $par }. Você venceu o motor!
puzzle-crossed-over-par = ✅ Travessia em { $moves }: { $by } acima do par de { $par }.
puzzle-chain-solved = ✅ Certo: { $chain } é o melhor lance (ganho { $gain }, em passos rumo ao campo de destino).
puzzle-chain-wrong = ❌ Não é o melhor: o ganho do seu lance é { $played }. O melhor era { $chain } (ganho { $gain }), marcado no tabuleiro.
puzzle-out-of-moves = ⌛ { $moves } sem encher o campo: esta travessia acabou.
puzzle-gave-up-chain = Você desistiu. O melhor lance era { $chain }, marcado no tabuleiro.
puzzle-gave-up-crossing = Você desistiu. O par desta travessia é { $par }.
puzzle-rating = Rating de desafios: { $before } → { $after }.
puzzle-streak = Dias resolvidos seguidos: { $current } (maior sequência: { $longest }).
puzzle-daily-done = Esse foi o desafio de hoje; amanhã vem um novo. `/halma puzzle leaderboard` mostra como todos se saíram.
puzzle-board-none = Ninguém pediu o desafio de hoje ainda ({ $day }). Seja o primeiro: `/halma puzzle daily`.
puzzle-board-crossing = **Desafio do dia** ({ $day }): uma travessia em { $variant }, par { $par }.
puzzle-board-chain = **Desafio do dia** ({ $day }): uma cadeia em { $variant }.
puzzle-board-empty = Ninguém terminou ainda.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · rating { $rating } · sequência { $streak }
puzzle-result-solved = resolvido
puzzle-result-gave-up = desistiu
puzzle-result-failed = não resolvido
puzzle-announce-crossing = 🧩 Saiu o **desafio do dia** ({ $day }): uma travessia em { $variant }, par { $par }. Tente com `/halma puzzle daily`: só você vê sua tentativa, e `/halma puzzle leaderboard` mostra como todos se saíram.
puzzle-announce-chain = 🧩 Saiu o **desafio do dia** ({ $day }): uma cadeia em { $variant }. Tente com `/halma puzzle daily`: só você vê sua tentativa, e `/halma puzzle leaderboard` mostra como todos se saíram.
count-days =
    { $n ->
        [one] { $n } dia
       *[other] { $n } dias
    }
cmd-halma-puzzle = Desafios: uma travessia ou uma cadeia só sua, ou o desafio do dia do servidor
cmd-halma-puzzle-start = Comece um desafio só seu (só você o vê)
cmd-halma-puzzle-daily = O desafio de hoje, o mesmo para todo o servidor (só você vê o seu)
cmd-halma-puzzle-board = Mostre de novo o seu desafio aberto
cmd-halma-puzzle-giveup = Desista do seu desafio aberto
cmd-halma-puzzle-leaderboard = Como os membros do servidor se saíram no desafio de hoje
opt-halma-puzzle-start-kind = crossing (encher o campo oposto em poucos lances) ou chain (achar o melhor lance)
opt-halma-puzzle-start-variant = O tabuleiro: star2, small, ig10 ou standard (padrão: star2)
name-command-puzzle = desafio
name-command-daily = do_dia
name-command-giveup = abandonar
name-option-kind = tipo
choice-kind-crossing = travessia (crossing)
choice-kind-chain = cadeia (chain)
