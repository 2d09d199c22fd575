### Les textes français du bot (the bot's French texts): the ids and variables of `en/main.ftl`.
### `<@{ $user }>` est une mention Discord, `<#{ $channel }>` un salon ; à laisser tels quels.
### Les locuteurs natifs sont les bienvenus pour corriger cette traduction.
### Native speakers are welcome to correct this translation.

## Refus.
error-internal = Quelque chose s'est mal passé de notre côté. C'est noté ; réessaie, s'il te plaît.
error-challenge-yourself = Tu ne peux pas te défier toi-même. Choisis un autre joueur.
error-challenge-bot = Les bots ne peuvent pas jouer à Halma ici. Défie plutôt une personne.
error-channel-busy = Une partie est déjà en cours dans ce salon. Termine-la, ou lance la tienne dans un autre salon.
error-unknown-variant = Il n'y a pas de variante nommée '{ $text }'. Choisis parmi : { $variants }.
error-no-parking-off-the-star = `no_parking` est une option de l'étoile (`star2`, `star3`, `star4`, `star6`) : { $variant } n'a pas de branches où stationner. Retire-la, ou choisis une variante de l'étoile.
error-bad-timeout = '{ $text }' n'est pas un temps par coup. Écris un nombre avec une unité, comme 10m, 12h ou 3d.
error-timeout-out-of-range = Le temps par coup '{ $text }' est hors limites : il doit être entre 1 minute et 7 jours.
error-no-such-challenge = Ce défi n'existe pas (ou plus).
error-not-challenged = Seul <@{ $user }> peut répondre à ce défi.
error-not-challenger = Seul <@{ $user }>, qui a lancé ce défi, peut le retirer.
error-challenge-expired = Ce défi a expiré. Demandes-en un nouveau.
error-challenge-accepted = Ce défi a déjà été accepté.
error-challenge-declined = Ce défi a déjà été refusé.
error-challenge-withdrawn = Ce défi a été retiré.
error-no-game = Aucune partie n'est en cours dans ce salon. Lance-en une avec un défi, ou trouve les parties du serveur avec `/halma games`.
error-not-a-player = Tu ne joues pas dans la partie de ce salon.
error-not-your-turn = Ce n'est pas ton tour : c'est à <@{ $user }> de jouer.
error-game-over = La partie de ce salon est terminée.
error-time-up = Ton temps pour ce coup est écoulé ; la partie se termine au temps.
error-square-empty = Aucune case indiquée. Écris une case comme e12.
error-square-bad-file = '{ $text }' n'est pas une case : elle doit commencer par une lettre de colonne a–p (a–q sur l'étoile), comme e12.
error-square-bad-rank = '{ $text }' n'est pas une case : la lettre doit être suivie d'une rangée 1–16 (1–17 sur l'étoile), comme e12.
error-missing-destination = Indique où va le pion : une case comme g10, ou toute une chaîne comme g10 g12 e14.
error-position-changed = La position a changé pendant que tu jouais. Regarde à nouveau le plateau.
error-abort-too-late = Les joueurs ne peuvent annuler une partie qu'au premier tour, avant que tout le monde ait joué. Abandonne plutôt, ou demande à un modérateur.
error-draw-already-offered = Tu proposes déjà la nulle ; ton adversaire l'accepte en la proposant à son tour.

## Coups illégaux.
illegal-not-your-turn = Ce n'est pas ton tour.
illegal-off-board = { $square } n'est pas sur ce plateau : ses colonnes vont de a à { $last_file } et ses rangées de 1 à { $last_rank }.
illegal-off-board-star = { $square } n'est pas un trou de l'étoile : la rangée { $rank } va de { $first } à { $last }.
illegal-empty-square = Il n'y a pas de pion sur { $square }.
illegal-not-your-piece = Le pion sur { $square } n'est pas à toi.
illegal-same-square = Un coup doit finir sur une autre case que { $square }.
illegal-same-square-star = Un coup doit finir dans un autre trou que { $square }.
illegal-ends-in-foreign-point = Dans cette partie, aucun coup ne peut finir sur { $square } : elle est dans une pointe qui n'est ni ton camp ni ta cible.
illegal-occupied = { $square } est occupée.
illegal-unreachable = { $to } est inaccessible depuis { $from } en un pas ou une chaîne de sauts.
illegal-leaves-target-camp = Un pion dans son camp d'arrivée ne peut plus en sortir ({ $from } vers { $to }).
illegal-leaves-target-point = Un pion dans sa branche d'arrivée ne peut plus en sortir ({ $from } vers { $to }).
illegal-not-a-hop = { $from } vers { $to } n'est pas un saut : un saut passe en ligne droite par-dessus un pion voisin.
illegal-nothing-to-hop-over = Il n'y a pas de pion sur { $over } par-dessus lequel sauter depuis { $from }.
illegal-revisits = La chaîne passe deux fois par { $square }.
illegal-cannot-pass = Tu ne peux pas passer tant que tu as un coup.
illegal-cannot-remove = Seules les parties à trois joueurs ou plus (hors équipes) continuent sans un joueur.

## Défis.
challenge-sent = <@{ $challenger }> défie <@{ $opponent }> dans une partie de { $variant } avec { $timeout } par coup. <@{ $opponent }>, accepte ou refuse dans les 10 minutes.
challenge-accepted = <@{ $opponent }> a accepté le défi.
challenge-declined = <@{ $opponent }> a refusé le défi.
challenge-withdrawn = <@{ $challenger }> a retiré le défi.
challenge-expired = Le défi lancé à <@{ $opponent }> a expiré.

## Parties.
game-your-move = <@{ $user }>, à toi de jouer.
game-move-played = <@{ $user }> a joué { $chain }.
game-passed = <@{ $user }> n'a aucun coup et passe.
game-end-completed = <@{ $winner }> a ramené tous ses pions à destination et gagne !
game-end-anti-spoiling = <@{ $winner }> gagne : le camp d'arrivée est plein et contient ses pions.
game-end-anti-spoiling-star = <@{ $winner }> gagne : la branche d'arrivée est pleine et contient ses pions.
game-end-resigned = <@{ $loser }> a abandonné. <@{ $winner }> gagne.
game-end-timeout = <@{ $loser }> a dépassé son temps. <@{ $winner }> gagne.
game-end-balance = Les deux joueurs ont terminé (règle d'équilibre) : la partie est nulle.
game-end-ply-limit = La limite de coups est atteinte : la partie est nulle.
game-end-no-moves = Personne ne peut jouer : la partie est nulle.
game-end-last-player = Tous les autres sont partis : <@{ $winner }> gagne !
game-end-no-people-left = Il ne reste que le bot : la partie s’arrête ici, nulle entre les places du bot.
game-end-agreement = Nulle acceptée.
game-unrated-early = Non classée : la partie s’est terminée avant que chaque joueur ait joué.
game-aborted = <@{ $user }> a annulé la partie. Elle n'est pas classée.
draw-offered = <@{ $user }> propose la nulle. Propose-la aussi pour accepter ; tout coup la refuse.
rating-change = <@{ $user }> : { $before } → { $after }
reminder-half-time = <@{ $user }>, la moitié de ton temps pour ce coup est passée : il reste { $left }.
leaderboard-empty = Personne n'a encore joué de partie classée de { $variant } ici.

## Couche Discord et mode local.
button-accept = Accepter
button-decline = Refuser
button-withdraw = Retirer
button-accept-draw = Accepter la nulle
button-rematch = Revanche
challenge-anti-spoiling = L'anti-blocage est activé : un camp d'arrivée plein qui contient tes pions gagne aussi.
challenge-anti-spoiling-star = L'anti-blocage est activé : une branche d'arrivée pleine qui contient tes pions gagne aussi.
challenge-no-parking = Stationnement interdit : aucun coup ne peut finir dans une branche qui n'est ni le camp ni la cible de celui qui joue.
colour-a = orange
colour-b = bleu
colour-c = vert
colour-d = violet
colour-e = jaune
colour-f = rouge
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" contre "}
game-time-left = Temps restant : { $left }.
game-aborted-short = La partie a été annulée.
board-header = { $variant } : { $players }. Coups joués : { $ply }.
board-last-move = Dernier coup : <@{ $user }> a joué { $chain }.
board-to-move = C'est à <@{ $user }> de jouer.
history-header = { $variant }, { $moves } :
replay-header = Rediffusion de la partie de { $variant } ({ $moves }).
replay-sampled = La partie est trop longue pour montrer chaque coup. Positions montrées : { $frames }, dont la position de départ et la position finale.
leaderboard-header = **Classement : { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games } : { $wins } V, { $losses } D, { $draws } N)
stats-header = **Statistiques de <@{ $user }>**
stats-no-games = Pas encore de partie classée.
stats-row = { $variant } : { $rating }, rang { $rank } ({ $games } : { $wins } V, { $losses } D, { $draws } N)
count-moves =
    { $n ->
        [one] { $n } coup
       *[other] { $n } coups
    }
count-games =
    { $n ->
        [one] { $n } partie
       *[other] { $n } parties
    }
stats-current-game = Joue à { $variant } dans <#{ $channel }>.
rules-summary = **Halma.** Amène tous tes pions dans le camp du coin opposé. À chaque tour, déplace un pion : un pas vers une case vide voisine (8 directions), ou un ou plusieurs sauts par-dessus un pion voisin vers la case vide juste derrière (pas de prise ; arrête-toi quand tu veux). Un pion arrivé dans son camp d'arrivée ne peut plus en sortir. Coups : `/halma move from:m3 to:k5` (ou une chaîne `to:k5 m7`). Variantes :
rules-variant = • `{ $name }` : { $side }×{ $side }, { $players } joueurs, { $pieces } pions chacun
rules-star = **Halma étoilé (`star2` à `star6`).** Les mêmes coups sur une étoile à six branches de 121 trous : pas et sauts vont dans 6 directions, et tu amènes tes pions dans la branche opposée à la tienne.
rules-variant-star = • `{ $name }` : l'étoile, { $players } joueurs, { $pieces } pions chacun

## Descriptions des commandes et options (100 caractères au plus).
cmd-halma = Jouer à Halma dans ce salon
cmd-halma-challenge = Défier un membre dans une partie de Halma
cmd-halma-move = Déplacer un pion : un pas, ou des sauts jusqu'à la case d'arrivée
cmd-halma-board = Afficher le plateau actuel
cmd-halma-resign = Abandonner la partie
cmd-halma-draw = Proposer la nulle, ou accepter celle proposée
cmd-halma-history = Les coups joués et la position en texte
cmd-halma-leaderboard = Les meilleurs joueurs de ce serveur
cmd-halma-stats = Classements, bilan et parties en cours d'un membre
cmd-halma-replay = La partie en GIF animé
cmd-halma-rules = Comment jouer, et les variantes
cmd-halma-abort = Terminer la partie sans classement (modérateurs, ou joueurs avant que tous aient joué)
opt-halma-challenge-opponent = Contre qui jouer
opt-halma-challenge-variant = Plateau et camps (par défaut : standard 16×16)
opt-halma-challenge-first = Qui joue en premier (par défaut : au hasard)
opt-halma-challenge-anti-spoiling = Un camp d'arrivée plein avec tes pions gagne aussi (par défaut : non)
opt-halma-challenge-no-parking = Étoile : aucun coup ne finit dans une branche qui n'est ni ton camp ni ta cible (par défaut : non)
opt-halma-challenge-turn-timeout = Temps par coup, comme 10m, 12h ou 3d (par défaut : 24h)
opt-halma-move-from = La case du pion à déplacer, comme m3
opt-halma-move-to = Où il va, comme k5, ou chaque case d'atterrissage : k5 m7
opt-halma-leaderboard-variant = Quelle variante (par défaut : standard)
opt-halma-stats-player = Les statistiques de qui (par défaut : les tiennes)

## Parties contre le bot, et indices.
error-unknown-level = Il n'y a pas de niveau nommé '{ $text }'. Choisis parmi : { $levels }.
error-level-needs-bot = Un niveau ne sert que pour les parties contre le bot. Défie le bot lui-même, ou n'indique pas de niveau.
error-no-hints-left = Tu as utilisé les { $limit } indices de cette partie. Bonne chance !
error-bot-busy = Le bot réfléchit déjà autant qu’il le peut pour toi ou pour ce serveur. Réessaie dans une minute.
error-slow-down = Doucement : tu as envoyé beaucoup de commandes en quelques secondes. Réessaie dans un instant.
ai-thinking = <@{ $bot }> joue en premier et réfléchit…
game-bot-thinking = <@{ $bot }> réfléchit…
hint-move = Indice : { $chain }. Indices restants dans cette partie : { $left }.
stats-ai-row = Contre le bot ({ $level }) : { $wins } V, { $losses } D, { $draws } N
history-hints = Indices utilisés : { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Te suggérer un coup (3 par partie, toi seul le vois)
opt-halma-challenge-level = La force du bot, quand tu défies le bot (par défaut : medium)

## Robustesse.
error-unknown-button = Ce bouton n'est plus valide.
error-old-button = Ce bouton appartient à une partie précédente. Utilise `/halma board` pour voir l'actuelle.
error-challenge-pending = Tu as déjà défié <@{ $user }> dans ce salon. Attends la réponse, ou retire d'abord ce défi.
error-too-many-challenges = Tu as déjà { $limit } défis en attente de réponse sur ce serveur. Attends une réponse ou retire d’abord un défi.
error-server-challenges-full = Ce serveur a déjà { $limit } défis en attente de réponse. Réessaie quand certains auront reçu une réponse.
error-too-many-threads = Tu as ouvert autant de fils de partie qu’autorisé en une heure ({ $limit }). Joue dans l’un d’eux, ou lance le défi directement dans le salon.
error-server-threads-full = Ce serveur a ouvert autant de fils de partie qu’autorisé en une heure ({ $limit }). Réessaie plus tard, ou lance le défi directement dans le salon.
list-more = …et { $count } de plus.

## Parties à trois et à quatre, et parties en équipe.
error-left-game = Tu as quitté cette partie : tu ne peux plus y jouer, proposer la nulle ni abandonner.
game-left-resigned = <@{ $user }> a abandonné et quitte la partie ; ses pions sont retirés du plateau.
game-left-timeout = <@{ $user }> a dépassé son temps et quitte la partie ; ses pions sont retirés du plateau.
game-end-completed-team = <@{ $winner }> et <@{ $partner }> ont ramené tous leurs pions à destination et gagnent !
game-end-anti-spoiling-team = <@{ $winner }> et <@{ $partner }> gagnent : leurs camps d'arrivée sont pleins et contiennent leurs pions.
game-end-resigned-team = L'équipe de <@{ $loser }> et <@{ $loser_partner }> a abandonné. <@{ $winner }> et <@{ $partner }> gagnent.
game-end-timeout-team = L'équipe de <@{ $loser }> et <@{ $loser_partner }> a dépassé son temps. <@{ $winner }> et <@{ $partner }> gagnent.
game-ranking = Classement final : { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, parti)
error-draw-already-offered-all = Tu proposes déjà la nulle ; elle est acceptée dès que tous les autres joueurs encore en jeu la proposent aussi.
draw-offered-all = <@{ $user }> propose la nulle. Elle est acceptée quand tous les joueurs encore en jeu la proposent : { $users }, proposez-la aussi pour accepter ; tout coup la refuse.
error-challenge-in-channel = Un défi de <@{ $user }> attend ses réponses dans ce salon, et un salon réunit des joueurs pour une seule partie à la fois. Si tu es invité, accepte-le ou refuse-le ; sinon attends qu'il soit répondu ou qu'il expire (10 minutes au plus), ou joue dans un autre salon.
history-left = { $seat } a quitté la partie

## Le sélecteur de coups, les réglages du serveur, la liste des parties et les fils.
button-move = Jouer
button-watch = Suivre
button-standings = Classement
button-play-in-discord = Jouer dans Discord
button-back = Retour
picker-pieces = Choisis le pion à déplacer ; les pions marqués peuvent bouger.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Choisis un pion
picker-destinations = Le pion sur { $square } peut aller en { $destinations }, marquées sur le plateau. Choisis-en une, ou reviens en arrière.
picker-placeholder-destination = Choisis où il va
picker-more = plus… ({ $count } autres)
picker-stale = La position a changé depuis l'ouverture de ce sélecteur. Regarde à nouveau le plateau.
picker-stale-fresh = La position a changé depuis l'ouverture de ce sélecteur ; en voici un nouveau.
picker-played = Tu as joué { $chain }.
count-destinations =
    { $n ->
        [one] { $n } destination
       *[other] { $n } destinations
    }
games-header = **Parties sur ce serveur** ({ $count }) :
games-none = Aucune partie n'est en cours sur ce serveur. Lance-en une avec `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = à <@{ $user }> de jouer
games-turn-left = à <@{ $user }> de jouer, il reste { $left }
games-board-link = {" "}· [plateau]({ $link })
cmd-halma-games = Les parties en cours sur ce serveur
error-needs-manage-server = Seuls les membres qui peuvent gérer le serveur peuvent voir et modifier ses réglages Halma.
error-channel-not-allowed = Sur ce serveur, on ne joue pas dans ce salon. Lance ton défi dans l'un de ceux-ci : { $channels }.
error-too-many-game-channels = Au plus { $limit } salons peuvent accueillir des parties. Retires-en un d'abord, ou autorise tous les salons.
error-unknown-language = Il n'y a pas de langue '{ $text }'. Choisis parmi : en, hr, de, fr, es-ES, pt-BR, pl, ru, ou auto (la langue du serveur).
settings-header = **Réglages Halma de ce serveur**
settings-variant = Variante par défaut : { $variant }
settings-turn-timeout = Temps par coup par défaut : { $timeout }
settings-default = { $value } (valeur par défaut du bot)
settings-channels-all = Salons où l'on peut jouer : tous
settings-channels = Salons où l'on peut jouer : { $channels }
settings-language-auto = Langue des rappels et des défaites au temps : { $language } (la langue du serveur)
settings-language = Langue des rappels et des défaites au temps : { $language }
settings-web-on = Page web publique : activée, à /server/{ $server }
settings-web-off = Page web publique : désactivée
language-en = anglais
language-hr = croate
language-de = allemand
language-fr = français
language-es = espagnol
language-pt-br = portugais du Brésil
language-pl = polonais
language-ru = russe
cmd-halma-settings = Voir ou modifier les réglages Halma de ce serveur (Gérer le serveur)
opt-halma-settings-variant = La variante des défis qui n'en indiquent pas
opt-halma-settings-turn-timeout = Le temps par coup des défis qui n'en indiquent pas, comme 12h
opt-halma-settings-allow-channel = Autoriser les parties dans ce salon (seuls les salons listés les accueillent alors)
opt-halma-settings-remove-channel = Retirer ce salon de la liste des salons de jeu
opt-halma-settings-all-channels = Autoriser à nouveau les parties dans tous les salons
opt-halma-settings-language = Langue des rappels et des défaites au temps (auto : celle du serveur)
opt-halma-settings-web = Montrer les classements et les parties du serveur sur une page web publique (désactivé par défaut)
thread-opened = Le défi a son propre fil : <#{ $thread }>.
opt-halma-challenge-thread = Jouer dans un nouveau fil public au nom des joueurs (par défaut : non)

## Parties à trois et à quatre : invitations, salles d'attente, le départ.
error-wrong-opponent-count-one = { $variant } se joue à deux : indique seulement `opponent`.
error-wrong-opponent-count = { $variant } demande { $needed } adversaires : indique-les dans `opponent`, `opponent2` … `opponent5`.
error-duplicate-opponent = <@{ $user }> est indiqué deux fois. Indique chaque joueur une seule fois.
error-not-invited = Tu n'es pas invité à cette partie.
error-already-accepted = Tu as déjà accepté. La partie commence quand tout le monde l'a fait.
error-no-such-lobby = Cette salle d'attente n'existe pas (ou plus).
error-lobby-started = La partie de cette salle d'attente a déjà commencé.
error-lobby-closed = Cette salle d'attente est fermée. Ouvres-en une nouvelle avec `/halma open`.
error-lobby-open = <@{ $user }> a une salle d'attente ouverte dans ce salon, et un salon réunit des joueurs pour une seule partie à la fois. Rejoins-la, ou attends qu'elle démarre ou ferme.
error-already-in-lobby = Tu es déjà dans cette salle d'attente.
error-not-in-lobby = Tu n'es pas dans cette salle d'attente.
error-lobby-full = Toutes les places de cette salle d'attente sont prises.
error-not-host = Seul <@{ $user }>, qui a ouvert cette salle d'attente, peut faire cela.
error-lobby-not-full = Une partie de { $variant } demande { $players } joueurs et { $joined } ont rejoint. Attends-en d'autres, ou ajoute le bot.
error-ai-needs-several-players = Le bot ne remplit des places que dans les parties à trois ou plus. Pour une partie à deux, défie le bot lui-même.
error-replays-busy = Beaucoup de rediffusions sont en cours de dessin. Réessaie dans une minute.
invite-sent = <@{ $challenger }> invite { $invitees } à une partie de { $variant } avec { $timeout } par coup. Tout le monde doit accepter dans les 10 minutes.
invite-accepted = Ont accepté : { $users }.
invite-waiting = En attente de : { $users }.
invite-declined = <@{ $user }> a refusé : la partie de { $variant } est annulée.
invite-expired = L'invitation à une partie de { $variant } a expiré : tout le monde n'a pas accepté à temps.
invite-withdrawn = <@{ $user }> a retiré l'invitation à une partie de { $variant }.
invite-and = {" et "}
lobby-open = <@{ $host }> ouvre une partie de { $variant } avec { $timeout } par coup. Clique sur Rejoindre pour jouer : la partie commence dès que les { $players } places sont prises. La salle d'attente ferme dans 30 minutes.
lobby-seats-in-order = Les places suivent l'ordre d'arrivée.
lobby-seats-random = Les places sont tirées au sort.
lobby-members = Joueurs ({ $joined }/{ $players }) : { $users }.
lobby-full = Toutes les places sont prises : <@{ $host }> peut lancer la partie avec Démarrer dès que le salon est libre.
lobby-closed = <@{ $host }> a fermé la salle d'attente de la partie de { $variant }.
lobby-expired = La salle d'attente de la partie de { $variant } a expiré avant que toutes les places soient prises.
lobby-bot = <@{ $user }> ({ $level })
button-join = Rejoindre
button-leave = Quitter
button-start = Démarrer
button-add-ai = Ajouter l'IA ({ $level })
start-header = La partie de { $variant } commence !
start-seat = { $seat } ({ $colour }) : <@{ $user }>
start-seat-bot = { $seat } ({ $colour }) : <@{ $user }>, niveau { $level }
start-team = Équipe { $team } : { $seats }
start-not-rated = Le bot joue dans cette partie, elle n'est donc pas classée.
start-first = <@{ $user }> joue en premier.
cmd-halma-open = Ouvrir une salle d'attente que tout le monde dans le salon peut rejoindre
opt-halma-challenge-opponent2 = Un deuxième adversaire, pour une partie à trois ou plus
opt-halma-challenge-opponent3 = Un troisième adversaire, pour une partie à quatre ou six
opt-halma-challenge-opponent4 = Un quatrième adversaire, pour une partie à six (star6)
opt-halma-challenge-opponent5 = Un cinquième adversaire, pour une partie à six (star6)
opt-halma-open-variant = Plateau et joueurs (par défaut : four)
opt-halma-open-turn-timeout = Temps par coup, comme 10m, 12h ou 3d (par défaut : 24h)
opt-halma-open-anti-spoiling = Un camp d'arrivée plein avec tes pions gagne aussi (par défaut : non)
opt-halma-open-no-parking = Étoile : aucun coup ne finit dans une branche qui n'est ni ton camp ni ta cible (par défaut : non)
opt-halma-open-seats = Places dans l'ordre d'arrivée ou tirées au sort (par défaut : join-order)
opt-halma-open-level = La force des bots que tu ajoutes (par défaut : medium)

## Durées, comme « 1 j 2 h 30 min » : chaque partie, séparée par des espaces.
duration-days = { $n } j
duration-hours = { $n } h
duration-minutes = { $n } min
duration-seconds = { $n } s

## Les pages en direct dans le navigateur (celle d’une partie, celle d’un serveur) et ce qu’écrivent leurs scripts.
## Les scripts remplissent { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } et { $time }.
page-to-move = Au tour de { $name }
page-in-progress = En cours
page-won = Gagnée par { $names }
page-drawn = Nulle
page-aborted = Annulée
page-and = {" et "}
page-reason-completed = tous les pions à destination
page-reason-anti-spoiling = camp d’arrivée rempli (anti-blocage)
page-reason-resigned = par abandon
page-reason-timeout = au temps
page-reason-balance = les deux ont terminé (règle d’équilibre)
page-reason-ply-limit = la limite de coups est atteinte
page-reason-no-moves = personne ne peut jouer
page-reason-agreement = d’un commun accord
page-reason-aborted = annulée
page-reason-last-player = il ne reste qu’un joueur
page-reason-no-people-left = il ne reste que le bot
page-bot = Bot Halma
page-player = Joueur { $seat }
page-member = Un membre
page-tag-bot = bot
page-tag-left = parti
page-tag-winner = gagnant
page-tag-to-move = au trait
page-ply = Coup { $n } sur { $total } : { $name }, { $move }
page-start = Position de départ ; coups joués : { $total }
page-pass = passe
page-clock = { $name } : encore { $time }
page-reconnecting = Reconnexion…
page-disconnected = Déconnecté : rechargez la page pour suivre la partie.
page-needs-script = Le plateau en direct a besoin de JavaScript.
page-board = Le plateau
page-steps = Parcourir la partie
page-first = Position de départ
page-previous = Un coup en arrière
page-slider = Coup affiché
page-next = Un coup en avant
page-last = Position actuelle
page-games-now = Parties en cours
page-no-games = Aucune partie n’est en cours.
page-column-player = Joueur
page-column-rating = Classement
page-column-games = Parties
page-not-found = Introuvable
page-no-such-game = Cette partie n’existe pas. Le lien est peut-être mal écrit, ou la page a disparu.
page-no-such-server = Cette page de serveur n’existe pas. Le lien est peut-être mal écrit, ou le serveur a désactivé sa page.
page-no-such-page = Cette page n’existe pas. Le lien est peut-être mal écrit, ou la page a disparu.
page-no-such-tournament = Cette page de tournoi n’existe pas. Le lien est peut-être mal écrit, ou le tournoi a disparu.
page-tournaments = Tournois
page-tournament-swiss = Tournoi suisse · { $variant }
page-tournament-arena = Arène · { $variant }
page-tournament-starts = Commence à { $time }.
page-tournament-round = Ronde { $round } sur { $rounds }.
page-tournament-under-way = En cours.
page-tournament-ends = Se termine à { $time }.
page-tournament-finished = Terminé.
page-tournament-cancelled = Annulé.
page-tournament-no-players = Pas encore de joueurs.
page-tournament-withdrew = abandon
page-column-points = Points
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn-Berger
page-column-streak = Série

## Noms de la commande, des sous-commandes et des options (minuscules, sans espace, 32 caractères au plus) et des choix (100 au plus).
name-command-halma = halma
name-command-challenge = défier
name-command-move = jouer
name-command-board = plateau
name-command-resign = abandonner
name-command-draw = nulle
name-command-history = historique
name-command-leaderboard = classement
name-command-stats = statistiques
name-command-replay = revoir
name-command-rules = règles
name-command-abort = annuler
name-command-hint = indice
name-command-games = parties
name-command-settings = réglages
name-command-open = ouvrir
name-option-opponent = adversaire
name-option-opponent2 = adversaire2
name-option-opponent3 = adversaire3
name-option-opponent4 = adversaire4
name-option-opponent5 = adversaire5
name-option-variant = variante
name-option-first = premier
name-option-anti-spoiling = anti_blocage
name-option-no-parking = sans_stationnement
name-option-turn-timeout = temps_par_coup
name-option-level = niveau
name-option-thread = fil
name-option-from = de
name-option-to = vers
name-option-player = joueur
name-option-seats = places
name-option-allow-channel = autoriser_salon
name-option-remove-channel = retirer_salon
name-option-all-channels = tous_les_salons
name-option-language = langue
name-option-web = web
choice-variant-standard = standard (16×16, à deux)
choice-variant-three = à trois (16×16)
choice-variant-four = à quatre (16×16)
choice-variant-four-teams = à quatre en équipes
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = petit (8×8)
choice-variant-star2 = étoile à deux (star2)
choice-variant-star3 = étoile à trois (star3)
choice-variant-star4 = étoile à quatre (star4)
choice-variant-star6 = étoile à six (star6)
choice-first-me = moi
choice-first-opponent = adversaire
choice-first-random = au hasard
choice-level-easy = facile
choice-level-medium = moyen
choice-level-hard = difficile
choice-seats-join-order = ordre d’arrivée
choice-seats-random = tirage au sort
choice-language-auto = auto (langue du serveur)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = activer
choice-web-off = désactiver

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` prend on ou off, pas '{ $text }'. Choisis une valeur dans la liste, ou laisse l'option vide pour voir ton réglage.
notify-on = Messages privés : activés. Je t'écris quand c'est ton tour dans une partie à { $min } ou plus par coup, puis quand la moitié de ton temps est passée.
notify-refused = Si Discord en refuse un (tes messages privés sont fermés), la mention dans le salon de la partie te prévient toujours, et j'arrête d'essayer pendant { $pause }.
notify-paused = Discord a refusé le dernier : je réessaie dans { $left }, ou tout de suite si tu réactives les messages privés.
notify-off = Messages privés : désactivés. La mention dans le salon de la partie te prévient quand c'est ton tour ; `/halma notify dm:on` y ajoute un message privé.
notify-choice-on = on : un message privé quand c'est mon tour
notify-choice-off = off : seulement la mention dans le salon
dm-your-move = C'est ton tour dans la partie de { $variant } (il reste { $left }) : { $link }
dm-half-time = La moitié de ton temps pour ce coup est passée (il reste { $left }) : { $link }
count-hours =
    { $n ->
        [one] { $n } heure
       *[other] { $n } heures
    }
cmd-halma-notify = Reçois un message privé quand c'est ton tour (parties à une heure ou plus par coup)
opt-halma-notify-dm = on ou off (laisse vide pour voir ton réglage)
name-command-notify = notifications
name-option-dm = message_privé

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Connexion à Discord…
activity-error-title = La partie ne peut pas être affichée
activity-error-outside = Cette page fonctionne dans Discord : lancez-la comme activité dans un salon.
activity-error-authorize = Discord ne vous a pas connecté.
activity-error-sign-in = La connexion a échoué.
activity-error-network = Le serveur est injoignable.
activity-error-generic = Un problème est survenu. Réessayez.
activity-error-closed = La connexion à la partie a été fermée.
activity-error-replaced = Ce plateau a été ouvert dans une autre fenêtre ; il s’arrête ici.
activity-unnamed = Quelqu’un
activity-retry = Réessayer
activity-reconnecting = Reconnexion…
activity-board = Le plateau
activity-no-game = Aucune partie dans ce salon.
activity-start-hint = Lancez-en une : jouez contre le bot ou défiez quelqu’un qui est là.
activity-play-bot = Jouer contre le bot
activity-members = Présents
activity-no-members = Personne d’autre n’est encore là.
activity-challenge = Défier
activity-challenge-sent = Défi envoyé.
activity-your-turn = À vous de jouer
activity-to-move = Au tour de { $name }
activity-waiting = En attente de { $name }
activity-watching = Vous regardez.
activity-not-your-turn = Ce n’est pas à vous de jouer.
activity-pick-piece = Choisissez un de vos pions.
activity-pick-destination = Choisissez une case en surbrillance.
activity-confirm-move = Touchez encore pour jouer { $move }.
activity-piece-stuck = Ce pion ne peut pas bouger.
activity-not-your-piece = Ce n’est pas votre pion.
activity-in-progress = En cours
activity-won = Gagnée par { $name }
activity-drawn = Nulle
activity-aborted = Annulée
activity-clock = { $name } : encore { $time }
activity-last-move = Dernier coup : { $move }
activity-you = vous
activity-bot = bot
activity-left = parti
activity-winner = gagnant
activity-resign = Abandonner
activity-resign-confirm = Abandonner cette partie ?
activity-cancel = Annuler
activity-draw-offer = Proposer la nulle
activity-draw-accept = Accepter la nulle
activity-draw-offered = Nulle proposée
activity-draw-offered-by = { $name } propose la nulle.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = Les flèches parcourent le plateau. Entrée ou Espace choisit un pion, puis la case où il va ; Échap le relâche.
a11y-board-watch = Les flèches parcourent le plateau ; chaque case dit ce qui s’y trouve.
a11y-square-empty = { $square }, vide
a11y-square-piece = { $square }, pion { $seat ->
        [a] orange
        [b] bleu
        [c] vert
        [d] violet
        [e] jaune
       *[f] rouge
    }
a11y-movable = { $label }, peut bouger
a11y-picked = { $label }, choisi
a11y-destination = { $label }, destination
a11y-picked-piece = Pion en { $square } choisi. Il peut aller en { $squares }.
a11y-pick-cancelled = Aucun pion choisi.
a11y-move = { $name } : { $move }
a11y-pass = { $name } passe.
a11y-moves-log = Les coups au fil de la partie

## Tournois (ticket 34) : des soirées au système suisse dans un salon, chaque partie dans son propre fil.
error-not-organizer = Seuls les membres qui peuvent gérer le serveur, ou qui ont son rôle de tournoi, peuvent organiser des tournois. Demande à un modérateur.
error-tournament-in-thread = Un tournoi se tient dans un salon, pas dans un fil : ses parties ont chacune leur propre fil. Utilise le salon lui-même.
error-arena-rounds = Une arène n'a pas de rondes : elle dure le temps de sa `duration`. Laisse `rounds` de côté.
error-swiss-duration = Un tournoi au système suisse a des rondes, pas de `duration`. Laisse `duration` de côté, ou choisis `format:arena`.
error-bad-duration = '{ $text }' n'est pas une durée. Écris un nombre avec une unité, comme 60m ou 1h30m.
error-duration-out-of-range = Une arène dure de { $min } à { $max }. Choisis une `duration` entre les deux.
error-arena-only = Seule une arène a une file d'attente à mettre en pause. Pour arrêter de jouer dans un tournoi au système suisse, utilise `/halma tournament withdraw`.
error-bad-tournament-name = Un tournoi a besoin d'un nom de 1 à { $limit } caractères.
error-tournament-variant = Les tournois se jouent sur les variantes à deux joueurs (standard, ig10, small, star2) ; { $variant } n'en fait pas partie. Choisis-en une.
error-bad-rounds = Un tournoi compte entre 1 et { $max } rondes. Laisse `rounds` de côté pour en avoir ⌈log₂ joueurs⌉, au moins 3.
error-bad-starts-in = '{ $text }' n'est pas un délai avant le début. Écris un nombre avec une unité, entre 1 minute et 7 jours, comme 30m ou 2h.
error-server-tournaments-full = Ce serveur a déjà { $limit } tournois qui réunissent des joueurs ou se jouent. Attends que l'un d'eux se termine.
error-tournament-in-channel = Ce salon a déjà un tournoi qui réunit des joueurs ou se joue. Organise le tien dans un autre salon.
error-no-tournament = Il n'y a pas de tournoi dans ce salon. Un organisateur peut en créer un avec `/halma tournament create`.
error-tournament-started = Ce tournoi a commencé : les inscriptions et les départs sont fermés. Pour arrêter, utilise `/halma tournament withdraw`.
error-tournament-not-started = Ce tournoi n'a pas encore commencé : quitte-le avec `/halma tournament leave`.
error-tournament-over = Ce tournoi est terminé ou a été annulé.
error-already-in-tournament = Tu es déjà inscrit à ce tournoi.
error-not-in-tournament = Tu ne joues pas dans ce tournoi.
error-already-withdrawn = Tu t'es déjà retiré de ce tournoi.
error-tournament-full = Ce tournoi est complet : il accueille au plus { $limit } joueurs.
error-too-few-players = Il faut au moins 2 joueurs pour commencer un tournoi, et { $joined } se sont inscrits. Attends d'autres joueurs.
error-not-tournament-organizer = Seul <@{ $user }>, qui organise ce tournoi, ou un membre qui peut gérer le serveur, peut faire cela.
error-tournament-game-abort = Les joueurs d'une partie de tournoi ne peuvent pas l'annuler. Abandonne plutôt, ou demande à un modérateur.
tournament-created = Ton tournoi **{ $name }** est créé ; son annonce est dans ce salon. Les membres s'inscrivent avec son bouton Rejoindre ou `/halma tournament join`.
tournament-joined = Tu es inscrit à **{ $name }** ({ $players } joueurs pour l'instant). Il commence { $start } ; tes parties auront lieu dans des fils de ce salon.
tournament-left = Tu as quitté **{ $name }**.
tournament-withdrawn = Tu t'es retiré de **{ $name }** : ta partie en cours est perdue, et tu ne seras plus apparié.
tournament-started = **{ $name }** a commencé : la première ronde est en cours d'appariement.
tournament-cancelled = **{ $name }** est annulé. Les parties en cours continuent comme des parties ordinaires.
tournament-announce = 🏆 **{ $name }** : un tournoi au système suisse en { $variant } avec { $timeout } par coup, organisé par <@{ $organizer }>.
tournament-rounds = Rondes : { $rounds }.
tournament-rounds-default = Rondes : ⌈log₂ joueurs⌉, au moins 3, fixé au début.
tournament-starts = Il commence { $start }. Inscris-toi avec le bouton ci-dessous ; les inscriptions ferment au début.
tournament-running = En cours : ronde { $round } sur { $rounds }. Les inscriptions sont fermées.
tournament-finished = Terminé : le podium et le classement final sont ci-dessous.
tournament-called-off = Annulé.
tournament-no-players = Pas encore de joueurs.
tournament-players = Joueurs ({ $count }/{ $limit }) :
tournament-round = **{ $name }**, ronde { $round } sur { $rounds }. Chaque partie a son propre fil ; le premier joueur nommé commence.
tournament-pairing = { $board }. <@{ $first }> contre <@{ $second }> : <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> contre <@{ $second }>
tournament-bye = Exempt : <@{ $user }> ne joue pas cette ronde et marque un point.
tournament-standings = **Classement de { $name }**, ronde { $round } sur { $rounds } :
tournament-standings-before = **Classement de { $name }** : aucune ronde n'a encore été jouée.
tournament-standings-legend = Points, puis Buchholz (Bh, les points des adversaires), puis Sonneborn-Berger (SB).
tournament-standing = { $place }. <@{ $user }> : { $points } pts · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~ : { $points } pts · Bh { $buchholz } · SB { $sb } · { $games } (retiré)
tournament-podium = 🏁 **{ $name }** est terminé ! Le podium :
tournament-podium-place = { $medal } <@{ $user }>, { $points } pts
tournament-podium-thanks = Merci d'avoir joué ! `/halma tournament standings` montre le classement complet.
tournament-arena-started = **{ $name }** a commencé et se termine { $end } : les premières parties sont en cours d'appariement.
tournament-paused = Tu as quitté la file d'attente de **{ $name }** : une partie en cours continue, et tu n'en reçois pas de nouvelle avant de relancer `/halma tournament pause`.
tournament-resumed = Te revoilà dans la file d'attente de **{ $name }** : tu seras apparié dans quelques secondes.
tournament-arena-announce = 🏆 **{ $name }** : une arène en { $variant } avec { $timeout } par coup, d'une durée de { $duration }, organisée par <@{ $organizer }>.
tournament-arena-rules = Qui termine une partie est apparié de nouveau quelques secondes plus tard, avec le joueur libre au score le plus proche. Une victoire vaut 2, une nulle 1 ; après deux victoires de suite, chaque victoire compte double 🔥 jusqu'à une partie non gagnée. `/halma tournament pause` pour faire une pause.
tournament-arena-running = En cours jusqu'à { $end } ; aucune nouvelle partie ne commence juste avant la fin. Les inscriptions sont fermées.
tournament-arena-games = **{ $name }** : nouvelles parties. Chacune a son propre fil ; le premier joueur nommé joue en premier.
tournament-arena-standings = **Classement de { $name }**, arène jusqu'à { $end } :
tournament-arena-standings-before = **Classement de { $name }** : l'arène n'a pas encore commencé.
tournament-arena-standings-over = **Classement de { $name }**, final :
tournament-arena-legend = Victoire 2, nulle 1, défaite 0 ; 🔥 après deux victoires de suite, la suivante compte 4. À égalité de points, la performance départage.
tournament-arena-standing = { $place }. <@{ $user }> : { $points } pts · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~ : { $points } pts · { $games } (retiré)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = en pause
stats-tournaments = Tournois : { $played } joués, meilleure place : { $place }.
stats-tournaments-unplaced = Tournois : { $played } joués.
settings-tournament-role = Rôle qui peut organiser des tournois : <@&{ $role }>
settings-tournament-role-none = Rôle qui peut organiser des tournois : aucun (les membres qui peuvent gérer le serveur le peuvent)
cmd-halma-tournament = Un tournoi dans ce salon : système suisse ou arène
cmd-halma-tournament-create = Créer un tournoi dans ce salon (Gérer le serveur, ou le rôle de tournoi)
cmd-halma-tournament-join = S'inscrire au tournoi de ce salon avant son début
cmd-halma-tournament-leave = Quitter le tournoi de ce salon avant son début
cmd-halma-tournament-withdraw = Se retirer du tournoi de ce salon : ta partie en cours est perdue
cmd-halma-tournament-start = Lancer maintenant le tournoi de ce salon (son organisateur)
cmd-halma-tournament-standings = Le classement du tournoi de ce salon
cmd-halma-tournament-cancel = Annuler le tournoi de ce salon (son organisateur, ou Gérer le serveur)
cmd-halma-tournament-pause = Quitte un moment la file d'attente de l'arène de ce salon, ou reviens-y
opt-halma-tournament-create-name = Le nom du tournoi
opt-halma-tournament-create-format = Comment les joueurs sont appariés : swiss (rondes, par défaut) ou arena (durée fixe)
opt-halma-tournament-create-variant = Un plateau à deux : standard, ig10, small ou star2 (par défaut : standard)
opt-halma-tournament-create-turn-timeout = Temps par coup dans chaque partie, comme 5m ou 12h (par défaut : 24h ; arène : 1m)
opt-halma-tournament-create-rounds = Nombre de rondes (par défaut : ⌈log₂ joueurs⌉, au moins 3)
opt-halma-tournament-create-duration = La durée d'une arène, comme 60m ou 1h30m (par défaut : 60m)
opt-halma-tournament-create-starts-in = Quand il commence de lui-même, comme 30m ou 2h (par défaut : 15m)
opt-halma-settings-tournament-role = Un rôle dont les membres peuvent organiser des tournois
name-command-tournament = tournoi
name-command-create = créer
name-command-join = rejoindre
name-command-leave = quitter
name-command-withdraw = se_retirer
name-command-start = lancer
name-command-standings = classement
name-command-cancel = annuler
name-command-pause = pause
name-option-name = nom
name-option-format = format
name-option-rounds = rondes
name-option-starts-in = début_dans
name-option-duration = durée
name-option-tournament-role = rôle_tournoi
choice-format-swiss = système suisse (swiss)
choice-format-arena = arène (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = Il n'existe pas de casse-tête nommé '{ $text }'. Choisis crossing ou chain.
error-no-puzzle-board = Les casse-têtes se jouent sur les plateaux à deux (star2, small, ig10, standard) ; { $variant } n'en fait pas partie. Choisis-en un.
error-puzzle-open = Tu as déjà un casse-tête en cours. Termine-le (`/halma puzzle board` le montre) ou arrête-le avec `/halma puzzle giveup`.
error-no-open-puzzle = Tu n'as aucun casse-tête en cours. Commence-en un avec `/halma puzzle start`, ou essaie celui du jour avec `/halma puzzle daily`.
error-puzzle-over = Ce casse-tête est terminé. `/halma puzzle start` t'en donne un autre.
error-no-daily-puzzle = Ce bot ne propose pas de casse-tête du jour. Commence-en un avec `/halma puzzle start`.
error-par-not-ready = Le par de ce plateau, la meilleure traversée du moteur, est encore en calcul. Réessaie dans une minute.
error-too-many-puzzles = Tu as commencé { $limit } casse-têtes en une minute. Attends un peu avant le suivant.
error-puzzles-busy = Beaucoup de casse-têtes sont en préparation en ce moment. Réessaie dans un instant.
error-no-chain-puzzle = Aucun casse-tête de chaîne intéressant n'a été trouvé sur ce plateau cette fois. Réessaie, ou choisis un autre plateau.
puzzle-title-crossing = 🧩 **Ton casse-tête** : une traversée sur { $variant }.
puzzle-title-chain = 🧩 **Ton casse-tête** : une chaîne sur { $variant }.
puzzle-title-daily-crossing = 🧩 **Casse-tête du jour** ({ $day }) : une traversée sur { $variant }.
puzzle-title-daily-chain = 🧩 **Casse-tête du jour** ({ $day }) : une chaîne sur { $variant }.
puzzle-goal-crossing = Amène toutes tes pièces ({ $colour }) de leur camp jusqu'au camp opposé, avec des pas et des sauts comme en partie ; la règle du camp s'applique et il n'y a pas d'adversaire. Le par, le meilleur du moteur, est de { $par }.
puzzle-goal-chain = Tu joues { $colour }. Trouve le coup qui rapproche le plus tes pièces de leur camp cible : souvent une longue chaîne de sauts. Tu as un seul essai.
puzzle-progress = Jusqu'ici : { $moves }, { $home } pièces arrivées sur { $total }.
puzzle-how = Joue avec le bouton Jouer, ou avec `/halma move` dans un salon sans partie à toi. `/halma puzzle giveup` l'arrête.
puzzle-moved = Tu as joué { $chain }.
puzzle-crossed-at-par = ✅ Traversée en { $moves } : exactement le par !
puzzle-crossed-under-par = ✅ Traversée en { $moves } : { $by } sous le par de { $par }. Tu as battu le moteur !
puzzle-crossed-over-par = ✅ Traversée en { $moves } : { $by } au-dessus du par de { $par }.
puzzle-chain-solved = ✅ Exact : { $chain } est le meilleur coup (gain { $gain }, en pas vers le camp cible).
puzzle-chain-wrong = ❌ Pas le meilleur : ton coup a un gain de { $played }. Le meilleur était { $chain } (gain { $gain }), marqué sur le plateau.
puzzle-out-of-moves = ⌛ { $moves } sans remplir le camp : cette traversée est terminée.
puzzle-gave-up-chain = Tu as abandonné. Le meilleur coup était { $chain }, marqué sur le plateau.
puzzle-gave-up-crossing = Tu as abandonné. Le par de cette traversée est de { $par }.
puzzle-rating = Classement casse-têtes : { $before } → { $after }.
puzzle-streak = Jours réussis d'affilée : { $current } (record : { $longest }).
puzzle-daily-done = C'était le casse-tête du jour ; demain en apporte un nouveau. `/halma puzzle leaderboard` montre comment chacun s'en est sorti.
puzzle-board-none = Personne n'a encore demandé le casse-tête du jour ({ $day }). Sois le premier : `/halma puzzle daily`.
puzzle-board-crossing = **Casse-tête du jour** ({ $day }) : une traversée sur { $variant }, par { $par }.
puzzle-board-chain = **Casse-tête du jour** ({ $day }) : une chaîne sur { $variant }.
puzzle-board-empty = Personne ne l'a encore terminé.
puzzle-board-row = { $place }. <@{ $user }> : { $result } · classement { $rating } · série { $streak }
puzzle-result-solved = résolu
puzzle-result-gave-up = abandonné
puzzle-result-failed = pas résolu
puzzle-announce-crossing = 🧩 Le **casse-tête du jour** ({ $day }) est là : une traversée sur { $variant }, par { $par }. Essaie-le avec `/halma puzzle daily` : toi seul vois ta tentative, et `/halma puzzle leaderboard` montre comment chacun s'en est sorti.
puzzle-announce-chain = 🧩 Le **casse-tête du jour** ({ $day }) est là : une chaîne sur { $variant }. Essaie-le avec `/halma puzzle daily` : toi seul vois ta tentative, et `/halma puzzle leaderboard` montre comment chacun s'en est sorti.
count-days =
    { $n ->
        [one] { $n } jour
       *[other] { $n } jours
    }
cmd-halma-puzzle = Casse-têtes : une traversée ou une chaîne pour toi, ou celui du jour du serveur
cmd-halma-puzzle-start = Commence un casse-tête à toi (toi seul le vois)
cmd-halma-puzzle-daily = Le casse-tête du jour, le même pour tout le serveur (toi seul vois le tien)
cmd-halma-puzzle-board = Montre à nouveau ton casse-tête en cours
cmd-halma-puzzle-giveup = Abandonne ton casse-tête en cours
cmd-halma-puzzle-leaderboard = Comment les membres du serveur s'en sont sortis au casse-tête du jour
opt-halma-puzzle-start-kind = crossing (remplir le camp opposé en peu de coups) ou chain (trouver le meilleur coup)
opt-halma-puzzle-start-variant = Le plateau : star2, small, ig10 ou standard (par défaut : star2)
name-command-puzzle = casse-tête
name-command-daily = du_jour
name-command-giveup = abandonner
name-option-kind = type
choice-kind-crossing = traversée (crossing)
choice-kind-chain = chaîne (chain)
