### Los textos del bot en español de España (the bot's Spanish texts): the ids and variables of `en/main.ftl`.
### `<@{ $user }>` es una mención de Discord y `<#{ $channel }>` un canal; déjalos tal cual.
### Los hablantes nativos son bienvenidos a corregir esta traducción.
### Native speakers are welcome to correct this translation.

## Rechazos.
error-internal = Algo ha fallado por nuestra parte. Lo hemos registrado; inténtalo de nuevo.
error-challenge-yourself = No puedes retarte a ti mismo. Elige a otro jugador.
error-challenge-bot = Los bots no pueden jugar a Halma aquí. Reta a una persona.
error-channel-busy = Ya se está jugando una partida en este canal. Termínala o empieza la tuya en otro canal.
error-unknown-variant = No existe ninguna variante llamada '{ $text }'. Elige una de: { $variants }.
error-no-parking-off-the-star = `no_parking` es una opción de la estrella (`star2`, `star3`, `star4`, `star6`): { $variant } no tiene puntas donde aparcar. Quítala o elige una variante de la estrella.
error-bad-timeout = '{ $text }' no es un tiempo por jugada. Escribe un número con su unidad, como 10m, 12h o 3d.
error-timeout-out-of-range = El tiempo por jugada '{ $text }' está fuera de rango: debe estar entre 1 minuto y 7 días.
error-no-such-challenge = Este reto no existe (ya).
error-not-challenged = Solo <@{ $user }> puede responder a este reto.
error-not-challenger = Solo <@{ $user }>, que lanzó este reto, puede retirarlo.
error-challenge-expired = Este reto ha caducado. Pide uno nuevo.
error-challenge-accepted = Este reto ya se aceptó.
error-challenge-declined = Este reto ya se rechazó.
error-challenge-withdrawn = Este reto se retiró.
error-no-game = No se está jugando ninguna partida en este canal. Empieza una con un reto o busca las partidas del servidor con `/halma games`.
error-not-a-player = No juegas en la partida de este canal.
error-not-your-turn = No es tu turno: le toca a <@{ $user }>.
error-game-over = La partida de este canal ha terminado.
error-time-up = Se te ha acabado el tiempo para esta jugada; la partida termina por tiempo.
error-square-empty = No has indicado ninguna casilla. Escribe una casilla como e12.
error-square-bad-file = '{ $text }' no es una casilla: debe empezar por una letra de columna a–p (a–q en la estrella), como e12.
error-square-bad-rank = '{ $text }' no es una casilla: tras la letra debe ir una fila 1–16 (1–17 en la estrella), como e12.
error-missing-destination = Di adónde va la ficha: una casilla como g10 o una cadena entera como g10 g12 e14.
error-position-changed = La posición ha cambiado mientras jugabas. Vuelve a mirar el tablero.
error-abort-too-late = Los jugadores solo pueden anular una partida en su primera ronda, antes de que todos hayan jugado. Abandona o pide ayuda a un moderador.
error-draw-already-offered = Ya estás ofreciendo tablas; tu rival las acepta ofreciéndolas también.

## Jugadas ilegales.
illegal-not-your-turn = No es tu turno.
illegal-off-board = { $square } no está en este tablero: sus columnas van de la a a la { $last_file } y sus filas del 1 al { $last_rank }.
illegal-off-board-star = { $square } no es un agujero de la estrella: la fila { $rank } va de { $first } a { $last }.
illegal-empty-square = No hay ninguna ficha en { $square }.
illegal-not-your-piece = La ficha de { $square } no es tuya.
illegal-same-square = Una jugada debe terminar en una casilla distinta de { $square }.
illegal-same-square-star = Una jugada debe terminar en un agujero distinto de { $square }.
illegal-ends-in-foreign-point = En esta partida ningún movimiento puede terminar en { $square }: está en una punta que no es ni tu casa ni tu destino.
illegal-occupied = { $square } está ocupada.
illegal-unreachable = No se puede llegar a { $to } desde { $from } con un paso ni con una cadena de saltos.
illegal-leaves-target-camp = Una ficha en su campo de destino no puede salir de él ({ $from } a { $to }).
illegal-leaves-target-point = Una ficha en su punta de destino no puede salir de ella ({ $from } a { $to }).
illegal-not-a-hop = { $from } a { $to } no es un salto: un salto pasa en línea recta por encima de una ficha vecina.
illegal-nothing-to-hop-over = No hay ninguna ficha en { $over } que saltar desde { $from }.
illegal-revisits = La cadena pasa dos veces por { $square }.
illegal-cannot-pass = No puedes pasar mientras tengas una jugada.
illegal-cannot-remove = Solo las partidas de tres o más jugadores (sin parejas) siguen sin un jugador.

## Retos.
challenge-sent = <@{ $challenger }> reta a <@{ $opponent }> a una partida de { $variant } con { $timeout } por jugada. <@{ $opponent }>, acepta o rechaza en 10 minutos.
challenge-accepted = <@{ $opponent }> ha aceptado el reto.
challenge-declined = <@{ $opponent }> ha rechazado el reto.
challenge-withdrawn = <@{ $challenger }> ha retirado el reto.
challenge-expired = El reto a <@{ $opponent }> ha caducado.

## Partidas.
game-your-move = <@{ $user }>, te toca.
game-move-played = <@{ $user }> ha jugado { $chain }.
game-passed = <@{ $user }> no tiene jugada y pasa.
game-end-completed = ¡<@{ $winner }> ha llevado todas sus fichas a casa y gana!
game-end-anti-spoiling = <@{ $winner }> gana: el campo de destino está lleno y contiene sus fichas.
game-end-anti-spoiling-star = <@{ $winner }> gana: la punta de destino está llena y contiene sus fichas.
game-end-resigned = <@{ $loser }> ha abandonado. <@{ $winner }> gana.
game-end-timeout = <@{ $loser }> se ha quedado sin tiempo. <@{ $winner }> gana.
game-end-balance = Ambos jugadores han terminado (regla de equilibrio): la partida acaba en tablas.
game-end-ply-limit = Se ha alcanzado el límite de jugadas: la partida acaba en tablas.
game-end-no-moves = Nadie puede mover: la partida acaba en tablas.
game-end-last-player = Todos los demás se han ido: ¡<@{ $winner }> gana!
game-end-no-people-left = Solo queda el bot, así que la partida termina aquí, en tablas entre los puestos del bot.
game-end-agreement = Tablas acordadas.
game-unrated-early = Sin puntuar: la partida terminó antes de que todos los jugadores movieran.
game-aborted = <@{ $user }> ha anulado la partida. No puntúa.
draw-offered = <@{ $user }> ofrece tablas. Ofrécelas tú también para aceptar; cualquier jugada las rechaza.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, ha pasado la mitad de tu tiempo para esta jugada: quedan { $left }.
leaderboard-empty = Aquí nadie ha jugado todavía una partida puntuada de { $variant }.

## La capa de Discord y el modo local.
button-accept = Aceptar
button-decline = Rechazar
button-withdraw = Retirar
button-accept-draw = Aceptar tablas
button-rematch = Revancha
challenge-anti-spoiling = El antibloqueo está activado: un campo de destino lleno con tus fichas también gana.
challenge-anti-spoiling-star = El antibloqueo está activado: una punta de destino llena con tus fichas también gana.
challenge-no-parking = Prohibido aparcar: ningún movimiento puede terminar en una punta que no sea ni la casa ni el destino de quien mueve.
colour-a = naranja
colour-b = azul
colour-c = verde
colour-d = morado
colour-e = amarillo
colour-f = rojo
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" contra "}
game-time-left = Tiempo restante: { $left }.
game-aborted-short = La partida se ha anulado.
board-header = { $variant }: { $players }. Jugadas hechas: { $ply }.
board-last-move = Última jugada: <@{ $user }> ha jugado { $chain }.
board-to-move = Le toca a <@{ $user }>.
history-header = { $variant }, { $moves }:
replay-header = Repetición de la partida de { $variant } ({ $moves }).
replay-sampled = La partida es demasiado larga para mostrar cada jugada. Posiciones mostradas: { $frames }, entre ellas la inicial y la final.
leaderboard-header = **Clasificación: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } V, { $losses } D, { $draws } T)
stats-header = **Estadísticas de <@{ $user }>**
stats-no-games = Aún no hay partidas puntuadas.
stats-row = { $variant }: { $rating }, puesto { $rank } ({ $games }: { $wins } V, { $losses } D, { $draws } T)
count-moves =
    { $n ->
        [one] { $n } jugada
       *[other] { $n } jugadas
    }
count-games =
    { $n ->
        [one] { $n } partida
       *[other] { $n } partidas
    }
stats-current-game = Juega { $variant } en <#{ $channel }>.
rules-summary = **Halma.** Lleva todas tus fichas al campo de la esquina opuesta. En cada turno mueve una ficha: un paso a una casilla vecina vacía (8 direcciones), o uno o varios saltos por encima de una ficha vecina hasta la casilla vacía de detrás (no se come; para cuando quieras). Una ficha que ha llegado a su campo de destino no puede salir de él. Jugadas: `/halma move from:m3 to:k5` (o una cadena `to:k5 m7`). Variantes:
rules-variant = • `{ $name }`: { $side }×{ $side }, { $players } jugadores, { $pieces } fichas cada uno
rules-star = **Damas chinas (`star2` a `star6`).** Las mismas jugadas en una estrella de seis puntas con 121 agujeros: pasos y saltos en 6 direcciones, y llevas tus fichas a la punta opuesta a la tuya.
rules-variant-star = • `{ $name }`: la estrella, { $players } jugadores, { $pieces } fichas cada uno

## Descripciones de comandos y opciones (100 caracteres como máximo).
cmd-halma = Juega a Halma en este canal
cmd-halma-challenge = Reta a un miembro a una partida de Halma
cmd-halma-move = Mueve una ficha: un paso o saltos hasta la casilla final
cmd-halma-board = Muestra el tablero actual
cmd-halma-resign = Abandona la partida
cmd-halma-draw = Ofrece tablas o acepta las ofrecidas
cmd-halma-history = Las jugadas hasta ahora y la posición en texto
cmd-halma-leaderboard = Los mejores jugadores de este servidor
cmd-halma-stats = Puntuaciones, historial y partidas en curso de un miembro
cmd-halma-replay = La partida como GIF animado
cmd-halma-rules = Cómo se juega y las variantes
cmd-halma-abort = Termina la partida sin puntuar (moderadores, o jugadores antes de que todos hayan jugado)
opt-halma-challenge-opponent = Contra quién juegas
opt-halma-challenge-variant = Tablero y campos (por defecto: standard 16×16)
opt-halma-challenge-first = Quién juega primero (por defecto: al azar)
opt-halma-challenge-anti-spoiling = Un campo de destino lleno con tus fichas también gana (por defecto: no)
opt-halma-challenge-no-parking = Solo estrella: ninguna jugada acaba en una punta que no sea tu casa ni tu destino (por defecto: no)
opt-halma-challenge-turn-timeout = Tiempo por jugada, como 10m, 12h o 3d (por defecto: 24h)
opt-halma-move-from = La casilla de la ficha que mueves, como m3
opt-halma-move-to = Adónde va, como k5, o cada casilla de aterrizaje: k5 m7
opt-halma-leaderboard-variant = Qué variante (por defecto: standard)
opt-halma-stats-player = Las estadísticas de quién (por defecto: las tuyas)

## Partidas contra el bot y pistas.
error-unknown-level = No existe ningún nivel llamado '{ $text }'. Elige uno de: { $levels }.
error-level-needs-bot = Un nivel solo sirve para partidas contra el bot. Reta al propio bot o no indiques nivel.
error-no-hints-left = Has usado las { $limit } pistas de esta partida. ¡Suerte!
error-bot-busy = El bot ya está pensando todo lo que puede para ti o para este servidor. Inténtalo de nuevo en un minuto.
error-slow-down = Más despacio: has enviado muchos comandos en pocos segundos. Inténtalo de nuevo en un momento.
ai-thinking = <@{ $bot }> juega primero y está pensando…
game-bot-thinking = <@{ $bot }> está pensando…
hint-move = Pista: { $chain }. Pistas restantes en esta partida: { $left }.
stats-ai-row = Contra el bot ({ $level }): { $wins } V, { $losses } D, { $draws } T
history-hints = Pistas usadas: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Te sugiere una jugada (3 por partida, solo la ves tú)
opt-halma-challenge-level = La fuerza del bot, si retas al bot (por defecto: medium)

## Robustez.
error-unknown-button = Este botón ya no es válido.
error-old-button = Este botón es de una partida anterior. Usa `/halma board` para ver la actual.
error-challenge-pending = Ya has retado a <@{ $user }> en este canal. Espera la respuesta o retira antes ese reto.
error-too-many-challenges = Ya tienes { $limit } desafíos esperando respuesta en este servidor. Espera una respuesta o retira uno primero.
error-server-challenges-full = Este servidor ya tiene { $limit } desafíos esperando respuesta. Inténtalo de nuevo cuando se respondan algunos.
error-too-many-threads = Has abierto en la última hora tantos hilos de partida como se permite ({ $limit }). Juega en uno de ellos o desafía directamente en el canal.
error-server-threads-full = Este servidor ha abierto en la última hora tantos hilos de partida como se permite ({ $limit }). Inténtalo más tarde o desafía directamente en el canal.
list-more = …y { $count } más.

## Partidas de tres y cuatro jugadores y partidas por equipos.
error-left-game = Has salido de esta partida, así que ya no puedes mover, ofrecer tablas ni abandonar en ella.
game-left-resigned = <@{ $user }> ha abandonado y sale de la partida; sus fichas se retiran del tablero.
game-left-timeout = <@{ $user }> se ha quedado sin tiempo y sale de la partida; sus fichas se retiran del tablero.
game-end-completed-team = ¡<@{ $winner }> y <@{ $partner }> han llevado todas sus fichas a casa y ganan!
game-end-anti-spoiling-team = <@{ $winner }> y <@{ $partner }> ganan: sus campos de destino están llenos y contienen sus fichas.
game-end-resigned-team = El equipo de <@{ $loser }> y <@{ $loser_partner }> ha abandonado. <@{ $winner }> y <@{ $partner }> ganan.
game-end-timeout-team = El equipo de <@{ $loser }> y <@{ $loser_partner }> se ha quedado sin tiempo. <@{ $winner }> y <@{ $partner }> ganan.
game-ranking = Clasificación final: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, se fue)
error-draw-already-offered-all = Ya estás ofreciendo tablas; se acuerdan cuando todos los demás jugadores que siguen en la partida las ofrezcan también.
draw-offered-all = <@{ $user }> ofrece tablas. Se acuerdan cuando todos los jugadores que siguen en la partida las ofrezcan: { $users }, ofrecedlas también para aceptar; cualquier jugada las rechaza.
error-challenge-in-channel = Un reto de <@{ $user }> espera respuestas en este canal, y un canal reúne jugadores para una sola partida a la vez. Si estás invitado, acéptalo o recházalo; si no, espera a que se responda o caduque (10 minutos como mucho), o juega en otro canal.
history-left = { $seat } salió de la partida

## El selector de jugadas, los ajustes del servidor, la lista de partidas y los hilos.
button-move = Mover
button-watch = Ver en vivo
button-standings = Clasificación
button-play-in-discord = Jugar en Discord
button-back = Atrás
picker-pieces = Elige la ficha que quieres mover; las fichas marcadas pueden moverse.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Elige una ficha
picker-destinations = La ficha de { $square } puede ir a { $destinations }, marcadas en el tablero. Elige una o vuelve atrás.
picker-placeholder-destination = Elige adónde va
picker-more = más… ({ $count } más)
picker-stale = La posición ha cambiado desde que se abrió este selector. Vuelve a mirar el tablero.
picker-stale-fresh = La posición ha cambiado desde que se abrió este selector; aquí tienes uno nuevo.
picker-played = Has jugado { $chain }.
count-destinations =
    { $n ->
        [one] { $n } destino
       *[other] { $n } destinos
    }
games-header = **Partidas en este servidor** ({ $count }):
games-none = No se está jugando ninguna partida en este servidor. Empieza una con `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = le toca a <@{ $user }>
games-turn-left = le toca a <@{ $user }>, quedan { $left }
games-board-link = {" "}· [tablero]({ $link })
cmd-halma-games = Las partidas que se juegan en este servidor
error-needs-manage-server = Solo los miembros que pueden gestionar el servidor pueden ver y cambiar sus ajustes de Halma.
error-channel-not-allowed = En este servidor no se juega en este canal. Lanza tu reto en uno de estos: { $channels }.
error-too-many-game-channels = Como mucho { $limit } canales pueden acoger partidas. Quita uno primero o permite todos los canales.
error-unknown-language = No existe el idioma '{ $text }'. Elige uno de: en, hr, de, fr, es-ES, pt-BR, pl, ru o auto (el idioma del servidor).
settings-header = **Ajustes de Halma de este servidor**
settings-variant = Variante por defecto: { $variant }
settings-turn-timeout = Tiempo por jugada por defecto: { $timeout }
settings-default = { $value } (el valor por defecto del bot)
settings-channels-all = Canales donde se puede jugar: todos
settings-channels = Canales donde se puede jugar: { $channels }
settings-language-auto = Idioma de los recordatorios y las derrotas por tiempo: { $language } (el idioma del servidor)
settings-language = Idioma de los recordatorios y las derrotas por tiempo: { $language }
settings-web-on = Página web pública: activada, en /server/{ $server }
settings-web-off = Página web pública: desactivada
language-en = inglés
language-hr = croata
language-de = alemán
language-fr = francés
language-es = español
language-pt-br = portugués de Brasil
language-pl = polaco
language-ru = ruso
cmd-halma-settings = Muestra o cambia los ajustes de Halma de este servidor (Gestionar servidor)
opt-halma-settings-variant = La variante de los retos que no indican ninguna
opt-halma-settings-turn-timeout = El tiempo por jugada de los retos que no indican ninguno, como 12h
opt-halma-settings-allow-channel = Permite partidas en este canal (a partir de ahí, solo en los de la lista)
opt-halma-settings-remove-channel = Quita este canal de la lista de canales de juego
opt-halma-settings-all-channels = Vuelve a permitir partidas en todos los canales
opt-halma-settings-language = Idioma de los recordatorios y las derrotas por tiempo (auto: el del servidor)
opt-halma-settings-web = Mostrar las clasificaciones y partidas del servidor en una web pública (desactivado por defecto)
thread-opened = El reto tiene su propio hilo: <#{ $thread }>.
opt-halma-challenge-thread = Juega en un hilo público nuevo con el nombre de los jugadores (por defecto: no)

## Partidas de tres y cuatro: invitaciones, salas abiertas y el comienzo.
error-wrong-opponent-count-one = { $variant } es una partida para dos: indica solo `opponent`.
error-wrong-opponent-count = { $variant } necesita { $needed } rivales: indícalos en `opponent`, `opponent2` … `opponent5`.
error-duplicate-opponent = <@{ $user }> aparece dos veces. Indica a cada jugador una sola vez.
error-not-invited = No estás invitado a esta partida.
error-already-accepted = Ya has aceptado. La partida empieza cuando todos acepten.
error-no-such-lobby = Esta sala no existe (ya).
error-lobby-started = La partida de esta sala ya ha empezado.
error-lobby-closed = Esta sala está cerrada. Abre una nueva con `/halma open`.
error-lobby-open = <@{ $user }> tiene una sala abierta en este canal, y un canal reúne jugadores para una sola partida a la vez. Únete o espera a que empiece o se cierre.
error-already-in-lobby = Ya estás en esta sala.
error-not-in-lobby = No estás en esta sala.
error-lobby-full = Todos los puestos de esta sala están ocupados.
error-not-host = Solo <@{ $user }>, que abrió esta sala, puede hacer eso.
error-lobby-not-full = Una partida de { $variant } necesita { $players } jugadores y se han unido { $joined }. Espera a más o añade el bot.
error-ai-needs-several-players = El bot solo ocupa puestos en partidas de tres o más. Para una partida de dos, reta al propio bot.
error-replays-busy = Ahora mismo se están dibujando muchas repeticiones. Inténtalo de nuevo en un minuto.
invite-sent = <@{ $challenger }> invita a { $invitees } a una partida de { $variant } con { $timeout } por jugada. Todos deben aceptar en 10 minutos.
invite-accepted = Han aceptado: { $users }.
invite-waiting = Falta: { $users }.
invite-declined = <@{ $user }> ha rechazado: la partida de { $variant } se cancela.
invite-expired = La invitación a una partida de { $variant } ha caducado: no todos aceptaron a tiempo.
invite-withdrawn = <@{ $user }> ha retirado la invitación a una partida de { $variant }.
invite-and = {" y "}
lobby-open = <@{ $host }> abre una partida de { $variant } con { $timeout } por jugada. Pulsa Unirse para jugar: la partida empieza en cuanto se ocupen los { $players } puestos. La sala se cierra en 30 minutos.
lobby-seats-in-order = Los puestos van por orden de llegada.
lobby-seats-random = Los puestos se sortean.
lobby-members = Jugadores ({ $joined }/{ $players }): { $users }.
lobby-full = Todos los puestos están ocupados: <@{ $host }> puede empezar la partida con Empezar cuando el canal esté libre.
lobby-closed = <@{ $host }> ha cerrado la sala de la partida de { $variant }.
lobby-expired = La sala de la partida de { $variant } ha caducado antes de que se ocuparan todos los puestos.
lobby-bot = <@{ $user }> ({ $level })
button-join = Unirse
button-leave = Salir
button-start = Empezar
button-add-ai = Añadir IA ({ $level })
start-header = ¡Empieza la partida de { $variant }!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, nivel { $level }
start-team = Equipo { $team }: { $seats }
start-not-rated = El bot juega en esta partida, así que no puntúa.
start-first = <@{ $user }> juega primero.
cmd-halma-open = Abre una sala a la que puede unirse cualquiera del canal
opt-halma-challenge-opponent2 = Un segundo rival, para una partida de tres o más
opt-halma-challenge-opponent3 = Un tercer rival, para una partida de cuatro o seis
opt-halma-challenge-opponent4 = Un cuarto rival, para una partida de seis (star6)
opt-halma-challenge-opponent5 = Un quinto rival, para una partida de seis (star6)
opt-halma-open-variant = Tablero y jugadores (por defecto: four)
opt-halma-open-turn-timeout = Tiempo por jugada, como 10m, 12h o 3d (por defecto: 24h)
opt-halma-open-anti-spoiling = Un campo de destino lleno con tus fichas también gana (por defecto: no)
opt-halma-open-no-parking = Solo estrella: ninguna jugada acaba en una punta que no sea tu casa ni tu destino (por defecto: no)
opt-halma-open-seats = Puestos por orden de llegada o por sorteo (por defecto: join-order)
opt-halma-open-level = La fuerza de los bots que añades (por defecto: medium)

## Tiempos, como «1 d 2 h 30 min»: cada parte, separada por espacios.
duration-days = { $n } d
duration-hours = { $n } h
duration-minutes = { $n } min
duration-seconds = { $n } s

## Las páginas en directo del navegador (la de una partida, la de un servidor) y lo que escriben sus scripts.
## Los scripts rellenan { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } y { $time }.
page-to-move = Le toca a { $name }
page-in-progress = En curso
page-won = Ganada por { $names }
page-drawn = Tablas
page-aborted = Anulada
page-and = {" y "}
page-reason-completed = todas las fichas en casa
page-reason-anti-spoiling = campo de destino lleno (antibloqueo)
page-reason-resigned = por abandono
page-reason-timeout = por tiempo
page-reason-balance = ambos terminaron (regla de equilibrio)
page-reason-ply-limit = se alcanzó el límite de jugadas
page-reason-no-moves = nadie puede mover
page-reason-agreement = de mutuo acuerdo
page-reason-aborted = anulada
page-reason-last-player = solo quedó un jugador
page-reason-no-people-left = solo quedó el bot
page-bot = Bot de Halma
page-player = Jugador { $seat }
page-member = Un miembro
page-tag-bot = bot
page-tag-left = se retiró
page-tag-winner = ganador
page-tag-to-move = le toca
page-ply = Jugada { $n } de { $total }: { $name }, { $move }
page-start = Posición inicial; jugadas hechas: { $total }
page-pass = pasa
page-clock = { $name }: quedan { $time }
page-reconnecting = Reconectando…
page-disconnected = Desconectado: recarga la página para seguir la partida.
page-needs-script = El tablero en directo necesita JavaScript.
page-board = El tablero
page-steps = Recorrer la partida
page-first = Posición inicial
page-previous = Una jugada atrás
page-slider = Jugada mostrada
page-next = Una jugada adelante
page-last = Posición actual
page-games-now = Partidas en curso
page-no-games = No se está jugando ninguna partida.
page-column-player = Jugador
page-column-rating = Puntuación
page-column-games = Partidas
page-not-found = No encontrado
page-no-such-game = Esta partida no existe. Puede que el enlace esté mal escrito o que la página ya no exista.
page-no-such-server = Esta página de servidor no existe. Puede que el enlace esté mal escrito o que el servidor haya desactivado su página.
page-no-such-page = Esta página no existe. Puede que el enlace esté mal escrito o que la página ya no exista.
page-no-such-tournament = Esta página de torneo no existe. Puede que el enlace esté mal escrito o que el torneo ya no exista.
page-tournaments = Torneos
page-tournament-swiss = Torneo suizo · { $variant }
page-tournament-arena = Arena · { $variant }
page-tournament-starts = Empieza a las { $time }.
page-tournament-round = Ronda { $round } de { $rounds }.
page-tournament-under-way = En juego.
page-tournament-ends = Termina a las { $time }.
page-tournament-finished = Terminado.
page-tournament-cancelled = Cancelado.
page-tournament-no-players = Aún no hay jugadores.
page-tournament-withdrew = se retiró
page-column-points = Puntos
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn-Berger
page-column-streak = Racha

## Nombres del comando, sus subcomandos y opciones (minúsculas, sin espacios, 32 caracteres como máximo) y de las elecciones (100 como máximo).
name-command-halma = halma
name-command-challenge = desafiar
name-command-move = mover
name-command-board = tablero
name-command-resign = rendirse
name-command-draw = tablas
name-command-history = historial
name-command-leaderboard = clasificación
name-command-stats = estadísticas
name-command-replay = repetición
name-command-rules = reglas
name-command-abort = anular
name-command-hint = pista
name-command-games = partidas
name-command-settings = ajustes
name-command-open = abrir
name-option-opponent = rival
name-option-opponent2 = rival2
name-option-opponent3 = rival3
name-option-opponent4 = rival4
name-option-opponent5 = rival5
name-option-variant = variante
name-option-first = primero
name-option-anti-spoiling = anti_bloqueo
name-option-no-parking = sin_aparcar
name-option-turn-timeout = tiempo_por_turno
name-option-level = nivel
name-option-thread = hilo
name-option-from = desde
name-option-to = hasta
name-option-player = jugador
name-option-seats = asientos
name-option-allow-channel = permitir_canal
name-option-remove-channel = quitar_canal
name-option-all-channels = todos_los_canales
name-option-language = idioma
name-option-web = web
choice-variant-standard = estándar (16×16, dos)
choice-variant-three = tres (16×16)
choice-variant-four = cuatro (16×16)
choice-variant-four-teams = cuatro por parejas
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = pequeño (8×8)
choice-variant-star2 = estrella de dos (star2)
choice-variant-star3 = estrella de tres (star3)
choice-variant-star4 = estrella de cuatro (star4)
choice-variant-star6 = estrella de seis (star6)
choice-first-me = yo
choice-first-opponent = rival
choice-first-random = al azar
choice-level-easy = fácil
choice-level-medium = medio
choice-level-hard = difícil
choice-seats-join-order = orden de llegada
choice-seats-random = por sorteo
choice-language-auto = auto (idioma del servidor)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = activar
choice-web-off = desactivar

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` admite on u off, no '{ $text }'. Elige uno de la lista, o déjalo vacío para ver tu ajuste.
notify-on = Mensajes directos: activados. Te escribo cuando te toca jugar en una partida con { $min } o más por jugada, y otra vez cuando ha pasado la mitad de tu tiempo.
notify-refused = Si Discord rechaza uno (tienes los mensajes directos cerrados), te sigue avisando la mención en el canal de la partida, y dejo de intentarlo durante { $pause }.
notify-paused = Discord rechazó el último: vuelvo a intentarlo dentro de { $left }, o enseguida si vuelves a activar los mensajes directos.
notify-off = Mensajes directos: desactivados. La mención en el canal de la partida te avisa cuando te toca; con `/halma notify dm:on` recibes además un mensaje directo.
notify-choice-on = on: un mensaje directo cuando me toque jugar
notify-choice-off = off: solo la mención en el canal
dm-your-move = Te toca jugar en la partida de { $variant } (quedan { $left }): { $link }
dm-half-time = Ha pasado la mitad de tu tiempo para esta jugada (quedan { $left }): { $link }
count-hours =
    { $n ->
        [one] { $n } hora
       *[other] { $n } horas
    }
cmd-halma-notify = Recibe un mensaje directo cuando te toque (partidas con una hora o más por jugada)
opt-halma-notify-dm = on u off (déjalo vacío para ver tu ajuste)
name-command-notify = avisos
name-option-dm = mensaje_directo

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Conectando con Discord…
activity-error-title = No se puede mostrar la partida
activity-error-outside = Esta página funciona dentro de Discord: iníciala como actividad en un canal.
activity-error-authorize = Discord no inició tu sesión.
activity-error-sign-in = El inicio de sesión falló.
activity-error-network = No se puede contactar con el servidor.
activity-error-generic = Algo salió mal. Inténtalo de nuevo.
activity-error-closed = Se cerró la conexión con la partida.
activity-error-replaced = Este tablero se abrió en otra ventana; aquí se detiene.
activity-unnamed = Alguien
activity-retry = Reintentar
activity-reconnecting = Reconectando…
activity-board = El tablero
activity-no-game = No hay ninguna partida en este canal.
activity-start-hint = Empieza una: juega contra el bot o reta a alguien que esté aquí.
activity-play-bot = Jugar contra el bot
activity-members = Aquí ahora
activity-no-members = Todavía no hay nadie más aquí.
activity-challenge = Retar
activity-challenge-sent = Reto enviado.
activity-your-turn = Te toca
activity-to-move = Le toca a { $name }
activity-waiting = Esperando a { $name }
activity-watching = Estás mirando.
activity-not-your-turn = No es tu turno.
activity-pick-piece = Elige una de tus fichas.
activity-pick-destination = Elige una casilla resaltada.
activity-confirm-move = Toca otra vez para jugar { $move }.
activity-piece-stuck = Esa ficha no puede moverse.
activity-not-your-piece = Esa ficha no es tuya.
activity-in-progress = En curso
activity-won = Ganada por { $name }
activity-drawn = Tablas
activity-aborted = Anulada
activity-clock = { $name }: quedan { $time }
activity-last-move = Última jugada: { $move }
activity-you = tú
activity-bot = bot
activity-left = se retiró
activity-winner = ganador
activity-resign = Rendirse
activity-resign-confirm = ¿Rendirte en esta partida?
activity-cancel = Cancelar
activity-draw-offer = Ofrecer tablas
activity-draw-accept = Aceptar tablas
activity-draw-offered = Tablas ofrecidas
activity-draw-offered-by = { $name } ofrece tablas.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = Las flechas recorren el tablero. Intro o Espacio elige una ficha y luego la casilla adonde va; Escape la suelta.
a11y-board-watch = Las flechas recorren el tablero; cada casilla dice qué hay en ella.
a11y-square-empty = { $square }, vacía
a11y-square-piece = { $square }, ficha { $seat ->
        [a] naranja
        [b] azul
        [c] verde
        [d] morada
        [e] amarilla
       *[f] roja
    }
a11y-movable = { $label }, puede moverse
a11y-picked = { $label }, elegida
a11y-destination = { $label }, destino
a11y-picked-piece = Ficha de { $square } elegida. Puede ir a { $squares }.
a11y-pick-cancelled = Ninguna ficha elegida.
a11y-move = { $name }: { $move }
a11y-pass = { $name } pasa.
a11y-moves-log = Las jugadas según se juegan

## Torneos (incidencia 34): veladas por sistema suizo en un canal, cada partida en su propio hilo.
error-not-organizer = Solo los miembros que pueden gestionar el servidor, o que tienen su rol de torneos, pueden organizar torneos. Pídeselo a un moderador.
error-tournament-in-thread = Un torneo se organiza en un canal, no en un hilo: sus partidas tienen hilos propios. Usa el propio canal.
error-arena-rounds = Una arena no tiene rondas: dura lo que indica su `duration`. Omite `rounds`.
error-swiss-duration = Un torneo por sistema suizo tiene rondas, no `duration`. Omite `duration` o elige `format:arena`.
error-bad-duration = '{ $text }' no es una duración. Escribe un número con su unidad, como 60m o 1h30m.
error-duration-out-of-range = Una arena dura entre { $min } y { $max }. Elige una `duration` dentro de ese margen.
error-arena-only = Solo una arena tiene una cola que se pueda pausar. Para dejar de jugar en un torneo por sistema suizo, usa `/halma tournament withdraw`.
error-bad-tournament-name = Un torneo necesita un nombre de 1 a { $limit } caracteres.
error-tournament-variant = Los torneos se juegan en variantes de dos jugadores (standard, ig10, small, star2); { $variant } no es una de ellas. Elige una.
error-bad-rounds = Un torneo tiene entre 1 y { $max } rondas. Omite `rounds` para tener ⌈log₂ jugadores⌉, como mínimo 3.
error-bad-starts-in = '{ $text }' no es un tiempo hasta el comienzo. Escribe un número con unidad, entre 1 minuto y 7 días, como 30m o 2h.
error-server-tournaments-full = Este servidor ya tiene { $limit } torneos reuniendo jugadores o en juego. Espera a que termine alguno.
error-tournament-in-channel = Este canal ya tiene un torneo reuniendo jugadores o en juego. Organiza el tuyo en otro canal.
error-no-tournament = No hay ningún torneo en este canal. Quien organice torneos puede crear uno con `/halma tournament create`.
error-tournament-started = Este torneo ya ha empezado, así que las inscripciones y las bajas están cerradas. Para dejarlo, usa `/halma tournament withdraw`.
error-tournament-not-started = Este torneo aún no ha empezado: sal de él con `/halma tournament leave`.
error-tournament-over = Este torneo ha terminado o se ha cancelado.
error-already-in-tournament = Ya estás en este torneo.
error-not-in-tournament = No juegas en este torneo.
error-already-withdrawn = Ya te has retirado de este torneo.
error-tournament-full = Este torneo está lleno: admite como máximo { $limit } jugadores.
error-too-few-players = Un torneo necesita al menos 2 jugadores para empezar, y se han apuntado { $joined }. Espera a que lleguen más.
error-not-tournament-organizer = Solo <@{ $user }>, que organiza este torneo, o un miembro que pueda gestionar el servidor, puede hacer eso.
error-tournament-game-abort = Los jugadores de una partida de torneo no pueden anularla. Abandona en su lugar, o pídeselo a un moderador.
tournament-created = Tu torneo **{ $name }** está creado; su anuncio está en este canal. Los miembros se apuntan con su botón Unirse o con `/halma tournament join`.
tournament-joined = Te has apuntado a **{ $name }** ({ $players } jugadores hasta ahora). Empieza { $start }; tus partidas se jugarán en hilos de este canal.
tournament-left = Has salido de **{ $name }**.
tournament-withdrawn = Te has retirado de **{ $name }**: pierdes tu partida en curso y no se te emparejará más.
tournament-started = **{ $name }** ha empezado: se está emparejando la primera ronda.
tournament-cancelled = **{ $name }** queda cancelado. Las partidas en curso siguen como partidas normales.
tournament-announce = 🏆 **{ $name }**: un torneo por sistema suizo de { $variant } con { $timeout } por jugada, organizado por <@{ $organizer }>.
tournament-rounds = Rondas: { $rounds }.
tournament-rounds-default = Rondas: ⌈log₂ jugadores⌉, como mínimo 3, fijadas al empezar.
tournament-starts = Empieza { $start }. Apúntate con el botón de abajo; las inscripciones se cierran al empezar.
tournament-running = En juego: ronda { $round } de { $rounds }. Las inscripciones están cerradas.
tournament-finished = Terminado: el podio y la clasificación final están abajo.
tournament-called-off = Cancelado.
tournament-no-players = Aún no hay jugadores.
tournament-players = Jugadores ({ $count }/{ $limit }):
tournament-round = **{ $name }**, ronda { $round } de { $rounds }. Cada partida tiene su propio hilo; mueve primero el primer jugador nombrado.
tournament-pairing = { $board }. <@{ $first }> contra <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> contra <@{ $second }>
tournament-bye = Descanso: <@{ $user }> no juega esta ronda y suma un punto.
tournament-standings = **Clasificación de { $name }**, ronda { $round } de { $rounds }:
tournament-standings-before = **Clasificación de { $name }**: aún no se ha jugado ninguna ronda.
tournament-standings-legend = Puntos, luego Buchholz (Bh, los puntos de los rivales), luego Sonneborn-Berger (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } pts · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pts · Bh { $buchholz } · SB { $sb } · { $games } (retirado)
tournament-podium = 🏁 ¡**{ $name }** ha terminado! El podio:
tournament-podium-place = { $medal } <@{ $user }>, { $points } pts
tournament-podium-thanks = ¡Gracias por jugar! `/halma tournament standings` muestra la clasificación completa.
tournament-arena-started = **{ $name }** ha empezado y termina { $end }: se están emparejando las primeras partidas.
tournament-paused = Has salido de la cola de **{ $name }**: una partida en curso sigue, y no recibes ninguna nueva hasta que vuelvas a usar `/halma tournament pause`.
tournament-resumed = Vuelves a estar en la cola de **{ $name }**: te emparejarán en unos segundos.
tournament-arena-announce = 🏆 **{ $name }**: una arena de { $variant } con { $timeout } por jugada, de { $duration }, organizada por <@{ $organizer }>.
tournament-arena-rules = Quien termina una partida vuelve a emparejarse unos segundos después, con el jugador libre de puntuación más cercana. Una victoria vale 2 y unas tablas 1; tras dos victorias seguidas, cada victoria cuenta doble 🔥 hasta que una partida no se gane. `/halma tournament pause` para descansar.
tournament-arena-running = En juego hasta { $end }; cerca del final no empieza ninguna partida nueva. Las inscripciones están cerradas.
tournament-arena-games = **{ $name }**: partidas nuevas. Cada una tiene su propio hilo; mueve primero el primer jugador nombrado.
tournament-arena-standings = **Clasificación de { $name }**, arena hasta { $end }:
tournament-arena-standings-before = **Clasificación de { $name }**: la arena aún no ha empezado.
tournament-arena-standings-over = **Clasificación de { $name }**, final:
tournament-arena-legend = Victoria 2, tablas 1, derrota 0; 🔥 tras dos victorias seguidas, la siguiente vale 4. Los empates se deshacen por rendimiento.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } pts · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pts · { $games } (retirado)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = en pausa
stats-tournaments = Torneos: { $played } jugados, mejor puesto: { $place }.
stats-tournaments-unplaced = Torneos: { $played } jugados.
settings-tournament-role = Rol que puede organizar torneos: <@&{ $role }>
settings-tournament-role-none = Rol que puede organizar torneos: ninguno (pueden los miembros que gestionan el servidor)
cmd-halma-tournament = Un torneo en este canal: sistema suizo o arena
cmd-halma-tournament-create = Crea un torneo en este canal (Gestionar servidor, o el rol de torneos)
cmd-halma-tournament-join = Apúntate al torneo de este canal antes de que empiece
cmd-halma-tournament-leave = Sal del torneo de este canal antes de que empiece
cmd-halma-tournament-withdraw = Retírate del torneo de este canal: pierdes tu partida en curso
cmd-halma-tournament-start = Empieza ya el torneo de este canal (quien lo organiza)
cmd-halma-tournament-standings = La clasificación del torneo de este canal
cmd-halma-tournament-cancel = Cancela el torneo de este canal (quien lo organiza, o Gestionar servidor)
cmd-halma-tournament-pause = Sal un rato de la cola de la arena de este canal, o vuelve a ella
opt-halma-tournament-create-name = El nombre del torneo
opt-halma-tournament-create-format = Cómo se empareja a los jugadores: swiss (rondas, por defecto) o arena (tiempo fijo)
opt-halma-tournament-create-variant = Un tablero para dos: standard, ig10, small o star2 (por defecto: standard)
opt-halma-tournament-create-turn-timeout = Tiempo por jugada en cada partida, como 5m o 12h (por defecto: 24h; arena: 1m)
opt-halma-tournament-create-rounds = Número de rondas (por defecto: ⌈log₂ jugadores⌉, como mínimo 3)
opt-halma-tournament-create-duration = La duración de una arena, como 60m o 1h30m (por defecto: 60m)
opt-halma-tournament-create-starts-in = Cuándo empieza solo, como 30m o 2h (por defecto: 15m)
opt-halma-settings-tournament-role = Un rol cuyos miembros pueden organizar torneos
name-command-tournament = torneo
name-command-create = crear
name-command-join = unirse
name-command-leave = salir
name-command-withdraw = retirarse
name-command-start = empezar
name-command-standings = clasificación
name-command-cancel = cancelar
name-command-pause = pausa
name-option-name = nombre
name-option-format = formato
name-option-rounds = rondas
name-option-starts-in = empieza_en
name-option-duration = duración
name-option-tournament-role = rol_torneos
choice-format-swiss = sistema suizo (swiss)
choice-format-arena = arena (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = No hay ningún problema llamado '{ $text }'. Elige crossing o chain.
error-no-puzzle-board = Los problemas se juegan en los tableros de dos (star2, small, ig10, standard); { $variant } no es uno de ellos. Elige uno.
error-puzzle-open = Ya tienes un problema abierto. Termínalo (`/halma puzzle board` lo muestra) o déjalo con `/halma puzzle giveup`.
error-no-open-puzzle = No tienes ningún problema abierto. Empieza uno con `/halma puzzle start`, o prueba el de hoy con `/halma puzzle daily`.
error-puzzle-over = Este problema ha terminado. `/halma puzzle start` te da otro.
error-no-daily-puzzle = Este bot no ofrece problema del día. Empieza uno propio con `/halma puzzle start`.
error-par-not-ready = El par de este tablero, la mejor travesía del motor, aún se está calculando. Vuelve a intentarlo en un minuto.
error-too-many-puzzles = Has empezado { $limit } problemas en un minuto. Espera un momento antes del siguiente.
error-puzzles-busy = Ahora mismo se están preparando muchos problemas. Vuelve a intentarlo en un momento.
error-no-chain-puzzle = Esta vez no se encontró un problema de cadena que merezca la pena en este tablero. Vuelve a intentarlo o elige otro tablero.
puzzle-title-crossing = 🧩 **Tu problema**: una travesía en { $variant }.
puzzle-title-chain = 🧩 **Tu problema**: una cadena en { $variant }.
puzzle-title-daily-crossing = 🧩 **Problema del día** ({ $day }): una travesía en { $variant }.
puzzle-title-daily-chain = 🧩 **Problema del día** ({ $day }): una cadena en { $variant }.
puzzle-goal-crossing = Lleva todas tus fichas ({ $colour }) de su campo al campo opuesto, con pasos y saltos como en una partida; se aplica la regla del campo y no hay rival. El par, lo mejor del motor, es { $par }.
puzzle-goal-chain = Juegas con { $colour }. Encuentra la jugada que más acerca tus fichas a su campo de destino: a menudo una larga cadena de saltos. Tienes un solo intento.
puzzle-progress = Hasta ahora: { $moves }, { $home } de { $total } fichas en su sitio.
puzzle-how = Juega con el botón Mover, o con `/halma move` en un canal sin partida tuya. `/halma puzzle giveup` lo termina.
puzzle-moved = Has jugado { $chain }.
puzzle-crossed-at-par = ✅ Travesía en { $moves }: ¡justo el par!
puzzle-crossed-under-par = ✅ Travesía en { $moves }: { $by } por debajo del par de { $par }. ¡Has superado al motor!
puzzle-crossed-over-par = ✅ Travesía en { $moves }: { $by } por encima del par de { $par }.
puzzle-chain-solved = ✅ Correcto: { $chain } es la mejor jugada (ganancia { $gain }, en pasos hacia el campo de destino).
puzzle-chain-wrong = ❌ No es la mejor: tu jugada tiene una ganancia de { $played }. La mejor era { $chain } (ganancia { $gain }), marcada en el tablero.
puzzle-out-of-moves = ⌛ { $moves } sin llenar el campo: esta travesía ha terminado.
puzzle-gave-up-chain = Te has rendido. La mejor jugada era { $chain }, marcada en el tablero.
puzzle-gave-up-crossing = Te has rendido. El par de esta travesía es { $par }.
puzzle-rating = Puntuación de problemas: { $before } → { $after }.
puzzle-streak = Días resueltos seguidos: { $current } (mejor racha: { $longest }).
puzzle-daily-done = Ese era el problema de hoy; mañana llega uno nuevo. `/halma puzzle leaderboard` muestra cómo le fue a cada uno.
puzzle-board-none = Nadie ha pedido aún el problema de hoy ({ $day }). Sé el primero: `/halma puzzle daily`.
puzzle-board-crossing = **Problema del día** ({ $day }): una travesía en { $variant }, par { $par }.
puzzle-board-chain = **Problema del día** ({ $day }): una cadena en { $variant }.
puzzle-board-empty = Nadie lo ha terminado todavía.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · puntuación { $rating } · racha { $streak }
puzzle-result-solved = resuelto
puzzle-result-gave-up = se rindió
puzzle-result-failed = no resuelto
puzzle-announce-crossing = 🧩 Ya está aquí el **problema del día** ({ $day }): una travesía en { $variant }, par { $par }. Pruébalo con `/halma puzzle daily`: solo tú ves tu intento, y `/halma puzzle leaderboard` muestra cómo le fue a cada uno.
puzzle-announce-chain = 🧩 Ya está aquí el **problema del día** ({ $day }): una cadena en { $variant }. Pruébalo con `/halma puzzle daily`: solo tú ves tu intento, y `/halma puzzle leaderboard` muestra cómo le fue a cada uno.
count-days =
    { $n ->
        [one] { $n } día
       *[other] { $n } días
    }
cmd-halma-puzzle = Problemas: una travesía o una cadena para ti, o el problema del día del servidor
cmd-halma-puzzle-start = Empieza un problema propio (solo tú lo ves)
cmd-halma-puzzle-daily = El problema de hoy, el mismo para todo el servidor (solo tú ves el tuyo)
cmd-halma-puzzle-board = Vuelve a mostrar tu problema abierto
cmd-halma-puzzle-giveup = Ríndete en tu problema abierto
cmd-halma-puzzle-leaderboard = Cómo les fue a los miembros del servidor en el problema de hoy
opt-halma-puzzle-start-kind = crossing (llenar el campo opuesto en pocas jugadas) o chain (encontrar la mejor jugada)
opt-halma-puzzle-start-variant = El tablero: star2, small, ig10 o standard (por defecto: star2)
name-command-puzzle = problema
name-command-daily = del_día
name-command-giveup = rendirse
name-option-kind = tipo
choice-kind-crossing = travesía (crossing)
choice-kind-chain = cadena (chain)
