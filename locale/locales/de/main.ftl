### Die deutschen Texte des Bots (the bot's German texts): the ids and variables of `en/main.ftl`.
### `<@{ $user }>` ist eine Discord-Erwähnung, `<#{ $channel }>` ein Kanal; bitte unverändert lassen.
### Muttersprachler sind herzlich eingeladen, diese Übersetzung zu verbessern.
### Native speakers are welcome to correct this translation.

## Ablehnungen.
error-internal = Bei uns ist etwas schiefgelaufen. Der Fehler wurde protokolliert; bitte versuch es noch einmal.
error-challenge-yourself = Du kannst dich nicht selbst herausfordern. Wähle einen anderen Spieler.
error-challenge-bot = Bots können hier nicht Halma spielen. Fordere stattdessen eine Person heraus.
error-channel-busy = In diesem Kanal läuft bereits eine Partie. Spiel sie zu Ende oder starte deine in einem anderen Kanal.
error-unknown-variant = Es gibt keine Variante namens '{ $text }'. Wähle eine von: { $variants }.
error-no-parking-off-the-star = `no_parking` ist eine Option des Sterns (`star2`, `star3`, `star4`, `star6`): { $variant } hat keine Zacken zum Parken. Lass sie weg oder wähle eine Sternvariante.
error-bad-timeout = '{ $text }' ist keine Zugzeit. Schreib eine Zahl mit Einheit, z. B. 10m, 12h oder 3d.
error-timeout-out-of-range = Die Zugzeit '{ $text }' liegt außerhalb des erlaubten Bereichs: zwischen 1 Minute und 7 Tagen.
error-no-such-challenge = Diese Herausforderung gibt es (nicht mehr).
error-not-challenged = Nur <@{ $user }> kann auf diese Herausforderung antworten.
error-not-challenger = Nur <@{ $user }>, der diese Herausforderung gestellt hat, kann sie zurückziehen.
error-challenge-expired = Diese Herausforderung ist abgelaufen. Bitte um eine neue.
error-challenge-accepted = Diese Herausforderung wurde bereits angenommen.
error-challenge-declined = Diese Herausforderung wurde bereits abgelehnt.
error-challenge-withdrawn = Diese Herausforderung wurde zurückgezogen.
error-no-game = In diesem Kanal läuft keine Partie. Starte eine mit einer Herausforderung oder finde die Partien des Servers mit `/halma games`.
error-not-a-player = Du spielst nicht in der Partie dieses Kanals.
error-not-your-turn = Du bist nicht am Zug: <@{ $user }> ist dran.
error-game-over = Die Partie in diesem Kanal ist beendet.
error-time-up = Deine Zeit für diesen Zug ist abgelaufen; die Partie wird wegen Zeitüberschreitung beendet.
error-square-empty = Kein Feld angegeben. Schreib ein Feld wie e12.
error-square-bad-file = '{ $text }' ist kein Feld: Es muss mit einem Linienbuchstaben a–p (auf dem Stern a–q) beginnen, z. B. e12.
error-square-bad-rank = '{ $text }' ist kein Feld: Auf den Buchstaben muss eine Reihe 1–16 (auf dem Stern 1–17) folgen, z. B. e12.
error-missing-destination = Sag, wohin der Stein zieht: ein Feld wie g10 oder eine ganze Sprungkette wie g10 g12 e14.
error-position-changed = Die Stellung hat sich geändert, während du gezogen hast. Sieh dir das Brett noch einmal an.
error-abort-too-late = Spieler können eine Partie nur in der ersten Runde abbrechen, bevor alle gezogen haben. Gib stattdessen auf oder frag einen Moderator.
error-draw-already-offered = Du bietest bereits ein Remis an; dein Gegner nimmt es an, indem er ebenfalls eins anbietet.

## Regelwidrige Züge.
illegal-not-your-turn = Du bist nicht am Zug.
illegal-off-board = { $square } liegt nicht auf diesem Brett: Seine Linien gehen von a bis { $last_file }, seine Reihen von 1 bis { $last_rank }.
illegal-off-board-star = { $square } ist kein Loch des Sterns: Reihe { $rank } geht von { $first } bis { $last }.
illegal-empty-square = Auf { $square } steht kein Stein.
illegal-not-your-piece = Der Stein auf { $square } gehört nicht dir.
illegal-same-square = Ein Zug muss auf einem anderen Feld als { $square } enden.
illegal-same-square-star = Ein Zug muss in einem anderen Loch als { $square } enden.
illegal-ends-in-foreign-point = In dieser Partie darf kein Zug auf { $square } enden: Es liegt in einer Spitze, die weder deine Heimat noch dein Ziel ist.
illegal-occupied = { $square } ist besetzt.
illegal-unreachable = { $to } ist von { $from } weder mit einem Schritt noch mit einer Sprungkette erreichbar.
illegal-leaves-target-camp = Ein Stein in seinem Zielcamp darf es nicht verlassen ({ $from } nach { $to }).
illegal-leaves-target-point = Ein Stein in seiner Zielzacke darf sie nicht verlassen ({ $from } nach { $to }).
illegal-not-a-hop = { $from } nach { $to } ist kein Sprung: Ein Sprung geht in gerader Linie über einen benachbarten Stein.
illegal-nothing-to-hop-over = Auf { $over } steht kein Stein, über den man von { $from } springen könnte.
illegal-revisits = Die Sprungkette landet zweimal auf { $square }.
illegal-cannot-pass = Du kannst nicht passen, solange du einen Zug hast.
illegal-cannot-remove = Nur Partien mit drei oder mehr Spielern (ohne Teams) gehen ohne einen Spieler weiter.

## Herausforderungen.
challenge-sent = <@{ $challenger }> fordert <@{ $opponent }> zu einer Partie { $variant } mit { $timeout } pro Zug heraus. <@{ $opponent }>, nimm innerhalb von 10 Minuten an oder lehne ab.
challenge-accepted = <@{ $opponent }> hat die Herausforderung angenommen.
challenge-declined = <@{ $opponent }> hat die Herausforderung abgelehnt.
challenge-withdrawn = <@{ $challenger }> hat die Herausforderung zurückgezogen.
challenge-expired = Die Herausforderung an <@{ $opponent }> ist abgelaufen.

## Partien.
game-your-move = <@{ $user }>, du bist am Zug.
game-move-played = <@{ $user }> hat { $chain } gezogen.
game-passed = <@{ $user }> hat keinen Zug und passt.
game-end-completed = <@{ $winner }> hat alle Steine ins Ziel gebracht und gewinnt!
game-end-anti-spoiling = <@{ $winner }> gewinnt: Das Zielcamp ist voll und enthält eigene Steine.
game-end-anti-spoiling-star = <@{ $winner }> gewinnt: Die Zielzacke ist voll und enthält eigene Steine.
game-end-resigned = <@{ $loser }> hat aufgegeben. <@{ $winner }> gewinnt.
game-end-timeout = <@{ $loser }> hat die Zeit überschritten. <@{ $winner }> gewinnt.
game-end-balance = Beide Spieler sind fertig (Ausgleichsregel): Die Partie endet remis.
game-end-ply-limit = Die Zuggrenze ist erreicht: Die Partie endet remis.
game-end-no-moves = Niemand kann ziehen: Die Partie endet remis.
game-end-last-player = Alle anderen sind ausgestiegen: <@{ $winner }> gewinnt!
game-end-no-people-left = Nur noch der Bot ist übrig, deshalb endet die Partie hier, unentschieden zwischen den Plätzen des Bots.
game-end-agreement = Remis vereinbart.
game-unrated-early = Nicht gewertet: Die Partie endete, bevor alle Spieler gezogen hatten.
game-aborted = <@{ $user }> hat die Partie abgebrochen. Sie wird nicht gewertet.
draw-offered = <@{ $user }> bietet ein Remis an. Biete ebenfalls eins an, um anzunehmen; jeder Zug lehnt es ab.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, die Hälfte deiner Zugzeit ist um: noch { $left }.
leaderboard-empty = Hier hat noch niemand eine gewertete Partie { $variant } gespielt.

## Discord-Ebene und lokaler Modus.
button-accept = Annehmen
button-decline = Ablehnen
button-withdraw = Zurückziehen
button-accept-draw = Remis annehmen
button-rematch = Revanche
challenge-anti-spoiling = Anti-Blockade ist an: Ein volles Zielcamp mit deinen Steinen gewinnt ebenfalls.
challenge-anti-spoiling-star = Anti-Blockade ist an: Eine volle Zielzacke mit deinen Steinen gewinnt ebenfalls.
challenge-no-parking = Parkverbot ist an: Kein Zug darf in einer Zacke enden, die weder Heimat noch Ziel des Ziehenden ist.
colour-a = Orange
colour-b = Blau
colour-c = Grün
colour-d = Lila
colour-e = Gelb
colour-f = Rot
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" gegen "}
game-time-left = Verbleibende Zeit: { $left }.
game-aborted-short = Die Partie wurde abgebrochen.
board-header = { $variant }: { $players }. Gespielte Züge: { $ply }.
board-last-move = Letzter Zug: <@{ $user }> hat { $chain } gezogen.
board-to-move = <@{ $user }> ist am Zug.
history-header = { $variant }, { $moves }:
replay-header = Wiederholung der Partie { $variant } ({ $moves }).
replay-sampled = Die Partie ist zu lang, um jeden Zug zu zeigen. Gezeigte Stellungen: { $frames }, darunter die Anfangs- und die Schlussstellung.
leaderboard-header = **Bestenliste: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } S, { $losses } N, { $draws } R)
stats-header = **Statistik von <@{ $user }>**
stats-no-games = Noch keine gewerteten Partien.
stats-row = { $variant }: { $rating }, Platz { $rank } ({ $games }: { $wins } S, { $losses } N, { $draws } R)
count-moves =
    { $n ->
        [one] { $n } Zug
       *[other] { $n } Züge
    }
count-games =
    { $n ->
        [one] { $n } Partie
       *[other] { $n } Partien
    }
stats-current-game = Spielt { $variant } in <#{ $channel }>.
rules-summary = **Halma.** Bring alle deine Steine in das Camp in der gegenüberliegenden Ecke. In jedem Zug bewegst du einen Stein: einen Schritt auf ein benachbartes leeres Feld (8 Richtungen) oder einen oder mehrere Sprünge über einen benachbarten Stein auf das leere Feld dahinter (nichts wird geschlagen; hör auf, wann du willst). Ein Stein, der sein Zielcamp erreicht hat, darf es nicht mehr verlassen. Züge: `/halma move from:m3 to:k5` (oder eine Kette `to:k5 m7`). Varianten:
rules-variant = • `{ $name }`: { $side }×{ $side }, { $players } Spieler, je { $pieces } Steine
rules-star = **Stern-Halma (`star2` bis `star6`).** Dieselben Züge auf einem sechszackigen Stern mit 121 Löchern: Schritte und Sprünge gehen in 6 Richtungen, und du bringst deine Steine in die Zacke gegenüber deiner Heimat.
rules-variant-star = • `{ $name }`: Stern, { $players } Spieler, je { $pieces } Steine

## Beschreibungen der Befehle und Optionen (höchstens 100 Zeichen).
cmd-halma = Spiel Halma in diesem Kanal
cmd-halma-challenge = Fordere ein Mitglied zu einer Partie Halma heraus
cmd-halma-move = Zieh einen Stein: einen Schritt oder Sprünge bis zum Zielfeld
cmd-halma-board = Zeig das aktuelle Brett
cmd-halma-resign = Gib die Partie auf
cmd-halma-draw = Biete ein Remis an oder nimm das angebotene an
cmd-halma-history = Die bisherigen Züge und der Stellungstext
cmd-halma-leaderboard = Die besten Spieler dieses Servers
cmd-halma-stats = Wertungen, Bilanz und laufende Partien eines Mitglieds
cmd-halma-replay = Die Partie als animiertes GIF
cmd-halma-rules = Wie man spielt, und die Varianten
cmd-halma-abort = Beende die Partie ohne Wertung (Moderatoren, oder Spieler, bevor alle gezogen haben)
opt-halma-challenge-opponent = Gegen wen du spielst
opt-halma-challenge-variant = Brett und Camps (Standard: standard 16×16)
opt-halma-challenge-first = Wer zuerst zieht (Standard: zufällig)
opt-halma-challenge-anti-spoiling = Ein volles Zielcamp mit deinen Steinen gewinnt ebenfalls (Standard: aus)
opt-halma-challenge-no-parking = Nur Stern: Kein Zug endet in einer Zacke, die weder deine Heimat noch dein Ziel ist (Standard: aus)
opt-halma-challenge-turn-timeout = Zeit pro Zug, z. B. 10m, 12h oder 3d (Standard: 24h)
opt-halma-move-from = Das Feld des Steins, der zieht, z. B. m3
opt-halma-move-to = Wohin er zieht, z. B. k5, oder jedes Landefeld: k5 m7
opt-halma-leaderboard-variant = Welche Variante (Standard: standard)
opt-halma-stats-player = Wessen Statistik (Standard: deine)

## Partien gegen den Bot und Tipps.
error-unknown-level = Es gibt keine Stufe namens '{ $text }'. Wähle eine von: { $levels }.
error-level-needs-bot = Eine Stufe gibt es nur für Partien gegen den Bot. Fordere den Bot selbst heraus oder lass die Stufe weg.
error-no-hints-left = Du hast alle { $limit } Tipps dieser Partie genutzt. Viel Glück!
error-bot-busy = Der Bot denkt schon so viel, wie er für dich oder diesen Server darf. Versuch es in einer Minute noch einmal.
error-slow-down = Etwas langsamer bitte: Du hast in wenigen Sekunden viele Befehle geschickt. Versuch es gleich noch einmal.
ai-thinking = <@{ $bot }> zieht zuerst und denkt nach …
game-bot-thinking = <@{ $bot }> denkt nach …
hint-move = Tipp: { $chain }. Verbleibende Tipps in dieser Partie: { $left }.
stats-ai-row = Gegen den Bot ({ $level }): { $wins } S, { $losses } N, { $draws } R
history-hints = Genutzte Tipps: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Schlag dir einen Zug vor (3 pro Partie, nur du siehst ihn)
opt-halma-challenge-level = Die Stärke des Bots, wenn du ihn herausforderst (Standard: medium)

## Robustheit.
error-unknown-button = Diese Schaltfläche ist nicht mehr gültig.
error-old-button = Diese Schaltfläche gehört zu einer früheren Partie. Mit `/halma board` siehst du die aktuelle.
error-challenge-pending = Du hast <@{ $user }> in diesem Kanal bereits herausgefordert. Warte auf die Antwort oder zieh diese Herausforderung erst zurück.
error-too-many-challenges = Du hast auf diesem Server schon { $limit } Herausforderungen, die auf eine Antwort warten. Warte auf eine Antwort oder zieh zuerst eine zurück.
error-server-challenges-full = Dieser Server hat schon { $limit } Herausforderungen, die auf eine Antwort warten. Versuch es wieder, wenn einige beantwortet sind.
error-too-many-threads = Du hast in der letzten Stunde so viele Partie-Threads eröffnet, wie erlaubt sind ({ $limit }). Spiel in einem davon oder fordere direkt im Kanal heraus.
error-server-threads-full = Auf diesem Server wurden in der letzten Stunde so viele Partie-Threads eröffnet, wie erlaubt sind ({ $limit }). Versuch es später wieder oder fordere direkt im Kanal heraus.
list-more = … und { $count } weitere.

## Partien zu dritt und zu viert, Teampartien.
error-left-game = Du hast diese Partie verlassen und kannst darin nicht mehr ziehen, Remis anbieten oder aufgeben.
game-left-resigned = <@{ $user }> hat aufgegeben und verlässt die Partie; die Steine werden vom Brett genommen.
game-left-timeout = <@{ $user }> hat die Zeit überschritten und verlässt die Partie; die Steine werden vom Brett genommen.
game-end-completed-team = <@{ $winner }> und <@{ $partner }> haben alle Steine ins Ziel gebracht und gewinnen!
game-end-anti-spoiling-team = <@{ $winner }> und <@{ $partner }> gewinnen: Ihre Zielcamps sind voll und enthalten ihre Steine.
game-end-resigned-team = Das Team aus <@{ $loser }> und <@{ $loser_partner }> hat aufgegeben. <@{ $winner }> und <@{ $partner }> gewinnen.
game-end-timeout-team = Das Team aus <@{ $loser }> und <@{ $loser_partner }> hat die Zeit überschritten. <@{ $winner }> und <@{ $partner }> gewinnen.
game-ranking = Endstand: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, ausgestiegen)
error-draw-already-offered-all = Du bietest bereits ein Remis an; es gilt, sobald jeder andere Spieler, der noch in der Partie ist, ebenfalls eins anbietet.
draw-offered-all = <@{ $user }> bietet ein Remis an. Es gilt, wenn jeder Spieler, der noch in der Partie ist, eins anbietet: { $users }, bietet ebenfalls eins an, um anzunehmen; jeder Zug lehnt es ab.
error-challenge-in-channel = Eine Herausforderung von <@{ $user }> wartet in diesem Kanal auf Antworten, und ein Kanal sammelt Spieler für jeweils nur eine Partie. Wenn du eingeladen bist, nimm an oder lehne ab; sonst warte, bis sie beantwortet ist oder abläuft (höchstens 10 Minuten), oder spiel in einem anderen Kanal.
history-left = { $seat } hat die Partie verlassen

## Zugauswahl, Servereinstellungen, Partienliste und Threads.
button-move = Ziehen
button-watch = Zuschauen
button-standings = Tabelle
button-play-in-discord = In Discord spielen
button-back = Zurück
picker-pieces = Wähle den Stein, der ziehen soll; die markierten Steine können ziehen.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Wähle einen Stein
picker-destinations = Der Stein auf { $square } kann nach { $destinations }, auf dem Brett markiert. Wähle eins oder geh zurück.
picker-placeholder-destination = Wähle, wohin er zieht
picker-more = mehr … ({ $count } weitere)
picker-stale = Die Stellung hat sich geändert, seit diese Auswahl geöffnet wurde. Sieh dir das Brett noch einmal an.
picker-stale-fresh = Die Stellung hat sich geändert, seit diese Auswahl geöffnet wurde; hier ist eine neue.
picker-played = Du hast { $chain } gezogen.
count-destinations =
    { $n ->
        [one] { $n } Ziel
       *[other] { $n } Ziele
    }
games-header = **Partien auf diesem Server** ({ $count }):
games-none = Auf diesem Server läuft keine Partie. Starte eine mit `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = <@{ $user }> ist am Zug
games-turn-left = <@{ $user }> ist am Zug, noch { $left }
games-board-link = {" "}· [Brett]({ $link })
cmd-halma-games = Die Partien, die auf diesem Server laufen
error-needs-manage-server = Nur Mitglieder, die den Server verwalten dürfen, können seine Halma-Einstellungen sehen und ändern.
error-channel-not-allowed = Auf diesem Server wird in diesem Kanal nicht gespielt. Fordere in einem dieser Kanäle heraus: { $channels }.
error-too-many-game-channels = Höchstens { $limit } Kanäle können Partien aufnehmen. Entferne erst einen oder erlaube alle Kanäle.
error-unknown-language = Es gibt keine Sprache '{ $text }'. Wähle eine von: en, hr, de, fr, es-ES, pt-BR, pl, ru oder auto (die Sprache des Servers).
settings-header = **Halma-Einstellungen dieses Servers**
settings-variant = Standardvariante: { $variant }
settings-turn-timeout = Standardzugzeit: { $timeout }
settings-default = { $value } (Vorgabe des Bots)
settings-channels-all = Kanäle für Partien: alle
settings-channels = Kanäle für Partien: { $channels }
settings-language-auto = Sprache der Erinnerungen und Zeitniederlagen: { $language } (die Sprache des Servers)
settings-language = Sprache der Erinnerungen und Zeitniederlagen: { $language }
settings-web-on = Öffentliche Webseite: an, unter /server/{ $server }
settings-web-off = Öffentliche Webseite: aus
language-en = Englisch
language-hr = Kroatisch
language-de = Deutsch
language-fr = Französisch
language-es = Spanisch
language-pt-br = Brasilianisches Portugiesisch
language-pl = Polnisch
language-ru = Russisch
cmd-halma-settings = Zeig oder ändere die Halma-Einstellungen dieses Servers (Server verwalten)
opt-halma-settings-variant = Die Variante von Herausforderungen, die keine nennen
opt-halma-settings-turn-timeout = Die Zugzeit von Herausforderungen, die keine nennen, z. B. 12h
opt-halma-settings-allow-channel = Erlaube Partien in diesem Kanal (danach nur noch in den gelisteten)
opt-halma-settings-remove-channel = Nimm diesen Kanal von der Liste der Partiekanäle
opt-halma-settings-all-channels = Erlaube Partien wieder in allen Kanälen
opt-halma-settings-language = Sprache der Erinnerungen und Zeitniederlagen (auto: die des Servers)
opt-halma-settings-web = Bestenlisten und Partien des Servers auf einer öffentlichen Webseite zeigen (standardmäßig aus)
thread-opened = Die Herausforderung hat einen eigenen Thread: <#{ $thread }>.
opt-halma-challenge-thread = Spiel in einem neuen öffentlichen Thread mit den Namen der Spieler (Standard: nein)

## Partien zu dritt und zu viert: Einladungen, offene Lobbys, der Start.
error-wrong-opponent-count-one = { $variant } ist eine Partie für zwei: Nenne nur `opponent`.
error-wrong-opponent-count = { $variant } braucht { $needed } Gegner: Nenne sie in `opponent`, `opponent2` … `opponent5`.
error-duplicate-opponent = <@{ $user }> ist doppelt genannt. Nenne jeden Spieler nur einmal.
error-not-invited = Du bist zu dieser Partie nicht eingeladen.
error-already-accepted = Du hast schon angenommen. Die Partie beginnt, wenn alle angenommen haben.
error-no-such-lobby = Diese Lobby gibt es (nicht mehr).
error-lobby-started = Die Partie dieser Lobby hat bereits begonnen.
error-lobby-closed = Diese Lobby ist geschlossen. Öffne eine neue mit `/halma open`.
error-lobby-open = <@{ $user }> hat in diesem Kanal eine Lobby offen, und ein Kanal sammelt Spieler für jeweils nur eine Partie. Tritt ihr bei oder warte, bis sie startet oder schließt.
error-already-in-lobby = Du bist schon in dieser Lobby.
error-not-in-lobby = Du bist nicht in dieser Lobby.
error-lobby-full = Alle Plätze dieser Lobby sind belegt.
error-not-host = Nur <@{ $user }>, der diese Lobby geöffnet hat, kann das.
error-lobby-not-full = Eine Partie { $variant } braucht { $players } Spieler, und { $joined } sind beigetreten. Warte auf weitere oder füge den Bot hinzu.
error-ai-needs-several-players = Der Bot füllt Plätze nur in Partien zu dritt oder mehr. Für eine Partie zu zweit fordere den Bot selbst heraus.
error-replays-busy = Gerade werden viele Wiederholungen gezeichnet. Versuch es in einer Minute noch einmal.
invite-sent = <@{ $challenger }> lädt { $invitees } zu einer Partie { $variant } mit { $timeout } pro Zug ein. Alle müssen innerhalb von 10 Minuten annehmen.
invite-accepted = Angenommen: { $users }.
invite-waiting = Ausstehend: { $users }.
invite-declined = <@{ $user }> hat abgelehnt: Die Partie { $variant } fällt aus.
invite-expired = Die Einladung zu einer Partie { $variant } ist abgelaufen: Nicht alle haben rechtzeitig angenommen.
invite-withdrawn = <@{ $user }> hat die Einladung zu einer Partie { $variant } zurückgezogen.
invite-and = {" und "}
lobby-open = <@{ $host }> eröffnet eine Partie { $variant } mit { $timeout } pro Zug. Klick auf Beitreten, um mitzuspielen: Die Partie beginnt, sobald alle { $players } Plätze belegt sind. Die Lobby schließt in 30 Minuten.
lobby-seats-in-order = Die Plätze gehen in der Reihenfolge des Beitritts.
lobby-seats-random = Die Plätze werden ausgelost.
lobby-members = Spieler ({ $joined }/{ $players }): { $users }.
lobby-full = Alle Plätze sind belegt: <@{ $host }> kann die Partie mit Starten beginnen, sobald der Kanal frei ist.
lobby-closed = <@{ $host }> hat die Lobby für eine Partie { $variant } geschlossen.
lobby-expired = Die Lobby für eine Partie { $variant } ist abgelaufen, bevor alle Plätze belegt waren.
lobby-bot = <@{ $user }> ({ $level })
button-join = Beitreten
button-leave = Verlassen
button-start = Starten
button-add-ai = KI hinzufügen ({ $level })
start-header = Die Partie { $variant } beginnt!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, Stufe { $level }
start-team = Team { $team }: { $seats }
start-not-rated = Der Bot spielt in dieser Partie mit, daher wird sie nicht gewertet.
start-first = <@{ $user }> zieht zuerst.
cmd-halma-open = Öffne eine Lobby, der jeder im Kanal beitreten kann
opt-halma-challenge-opponent2 = Ein zweiter Gegner, für eine Partie zu dritt oder mehr
opt-halma-challenge-opponent3 = Ein dritter Gegner, für eine Partie zu viert oder zu sechst
opt-halma-challenge-opponent4 = Ein vierter Gegner, für eine Partie zu sechst (star6)
opt-halma-challenge-opponent5 = Ein fünfter Gegner, für eine Partie zu sechst (star6)
opt-halma-open-variant = Brett und Spieler (Standard: four)
opt-halma-open-turn-timeout = Zeit pro Zug, z. B. 10m, 12h oder 3d (Standard: 24h)
opt-halma-open-anti-spoiling = Ein volles Zielcamp mit deinen Steinen gewinnt ebenfalls (Standard: aus)
opt-halma-open-no-parking = Nur Stern: Kein Zug endet in einer Zacke, die weder deine Heimat noch dein Ziel ist (Standard: aus)
opt-halma-open-seats = Plätze in Beitrittsreihenfolge oder ausgelost (Standard: join-order)
opt-halma-open-level = Die Stärke der Bots, die du hinzufügst (Standard: medium)

## Zeiten, z. B. "1 T. 2 Std. 30 Min.": jeder Teil, durch Leerzeichen getrennt.
duration-days = { $n } T.
duration-hours = { $n } Std.
duration-minutes = { $n } Min.
duration-seconds = { $n } Sek.

## Die Live-Seiten im Browser (die Seite einer Partie, die Seite eines Servers) und was ihre Skripte schreiben.
## Die Skripte füllen { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } und { $time }.
page-to-move = { $name } ist am Zug
page-in-progress = Läuft
page-won = Gewonnen von { $names }
page-drawn = Remis
page-aborted = Abgebrochen
page-and = {" und "}
page-reason-completed = alle Steine im Ziel
page-reason-anti-spoiling = Zielcamp gefüllt (Anti-Blockade)
page-reason-resigned = durch Aufgabe
page-reason-timeout = durch Zeitüberschreitung
page-reason-balance = beide fertig (Ausgleichsregel)
page-reason-ply-limit = die Zuggrenze ist erreicht
page-reason-no-moves = niemand kann ziehen
page-reason-agreement = nach Vereinbarung
page-reason-aborted = abgebrochen
page-reason-last-player = nur noch ein Spieler übrig
page-reason-no-people-left = nur noch der Bot übrig
page-bot = Halma-Bot
page-player = Spieler { $seat }
page-member = Ein Mitglied
page-tag-bot = Bot
page-tag-left = ausgeschieden
page-tag-winner = Sieger
page-tag-to-move = am Zug
page-ply = Zug { $n } von { $total }: { $name }, { $move }
page-start = Ausgangsstellung; gespielte Züge: { $total }
page-pass = passt
page-clock = { $name }: noch { $time }
page-reconnecting = Neu verbinden…
page-disconnected = Verbindung getrennt: Lade die Seite neu, um die Partie weiter zu verfolgen.
page-needs-script = Das Live-Brett braucht JavaScript.
page-board = Das Brett
page-steps = Durch die Partie blättern
page-first = Ausgangsstellung
page-previous = Einen Zug zurück
page-slider = Gezeigter Zug
page-next = Einen Zug vor
page-last = Aktuelle Stellung
page-games-now = Laufende Partien
page-no-games = Gerade läuft keine Partie.
page-column-player = Spieler
page-column-rating = Wertung
page-column-games = Partien
page-not-found = Nicht gefunden
page-no-such-game = Diese Partie gibt es nicht. Vielleicht ist der Link falsch geschrieben, oder die Seite ist weg.
page-no-such-server = Diese Serverseite gibt es nicht. Vielleicht ist der Link falsch geschrieben, oder der Server hat seine Seite ausgeschaltet.
page-no-such-page = Diese Seite gibt es nicht. Vielleicht ist der Link falsch geschrieben, oder die Seite ist weg.
page-no-such-tournament = Diese Turnierseite gibt es nicht. Vielleicht ist der Link falsch geschrieben, oder das Turnier ist weg.
page-tournaments = Turniere
page-tournament-swiss = Schweizer Turnier · { $variant }
page-tournament-arena = Arena · { $variant }
page-tournament-starts = Beginnt um { $time }.
page-tournament-round = Runde { $round } von { $rounds }.
page-tournament-under-way = Läuft.
page-tournament-ends = Endet um { $time }.
page-tournament-finished = Beendet.
page-tournament-cancelled = Abgesagt.
page-tournament-no-players = Noch keine Spieler.
page-tournament-withdrew = zurückgezogen
page-column-points = Punkte
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn-Berger
page-column-streak = Serie

## Namen des Befehls, seiner Unterbefehle und Optionen (klein, ohne Leerzeichen, höchstens 32 Zeichen) und der Auswahlwerte (höchstens 100).
name-command-halma = halma
name-command-challenge = herausfordern
name-command-move = zug
name-command-board = brett
name-command-resign = aufgeben
name-command-draw = remis
name-command-history = verlauf
name-command-leaderboard = rangliste
name-command-stats = statistik
name-command-replay = wiederholung
name-command-rules = regeln
name-command-abort = abbrechen
name-command-hint = tipp
name-command-games = partien
name-command-settings = einstellungen
name-command-open = öffnen
name-option-opponent = gegner
name-option-opponent2 = gegner2
name-option-opponent3 = gegner3
name-option-opponent4 = gegner4
name-option-opponent5 = gegner5
name-option-variant = variante
name-option-first = erster
name-option-anti-spoiling = anti_blockade
name-option-no-parking = parkverbot
name-option-turn-timeout = zugzeit
name-option-level = stufe
name-option-thread = thread
name-option-from = von
name-option-to = nach
name-option-player = spieler
name-option-seats = plätze
name-option-allow-channel = kanal_erlauben
name-option-remove-channel = kanal_entfernen
name-option-all-channels = alle_kanäle
name-option-language = sprache
name-option-web = web
choice-variant-standard = Standard (16×16, zu zweit)
choice-variant-three = zu dritt (16×16)
choice-variant-four = zu viert (16×16)
choice-variant-four-teams = zu viert in Teams
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = klein (8×8)
choice-variant-star2 = Stern zu zweit (star2)
choice-variant-star3 = Stern zu dritt (star3)
choice-variant-star4 = Stern zu viert (star4)
choice-variant-star6 = Stern zu sechst (star6)
choice-first-me = ich
choice-first-opponent = Gegner
choice-first-random = zufällig
choice-level-easy = leicht
choice-level-medium = mittel
choice-level-hard = schwer
choice-seats-join-order = in Beitrittsreihenfolge
choice-seats-random = ausgelost
choice-language-auto = auto (Sprache des Servers)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = an
choice-web-off = aus

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` nimmt on oder off, nicht '{ $text }'. Wähl einen Wert aus der Liste, oder lass die Option weg, um deine Einstellung zu sehen.
notify-on = Direktnachrichten: an. Ich schreibe dir, wenn du in einer Partie mit { $min } oder mehr pro Zug am Zug bist, und noch einmal, wenn die Hälfte deiner Zugzeit um ist.
notify-refused = Lehnt Discord eine ab (deine Direktnachrichten sind geschlossen), sagt dir weiterhin der Ping im Kanal der Partie Bescheid, und ich versuche es { $pause } lang nicht mehr.
notify-paused = Discord hat meine letzte abgelehnt: Ich versuche es in { $left } wieder, oder sofort, wenn du die Direktnachrichten wieder einschaltest.
notify-off = Direktnachrichten: aus. Der Ping im Kanal der Partie sagt dir, wann du am Zug bist; mit `/halma notify dm:on` bekommst du zusätzlich eine Direktnachricht.
notify-choice-on = on: eine Direktnachricht, wenn ich am Zug bin
notify-choice-off = off: nur der Ping im Kanal
dm-your-move = Du bist am Zug in der Partie { $variant } (noch { $left }): { $link }
dm-half-time = Die Hälfte deiner Zugzeit ist um (noch { $left }): { $link }
count-hours =
    { $n ->
        [one] { $n } Stunde
       *[other] { $n } Stunden
    }
cmd-halma-notify = Eine Direktnachricht, wenn du am Zug bist (Partien mit einer Stunde oder mehr pro Zug)
opt-halma-notify-dm = on oder off (weglassen, um deine Einstellung zu sehen)
name-command-notify = benachrichtigen
name-option-dm = direktnachricht

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Verbindung zu Discord…
activity-error-title = Die Partie kann nicht angezeigt werden
activity-error-outside = Diese Seite läuft in Discord: Starte sie als Aktivität in einem Kanal.
activity-error-authorize = Discord hat dich nicht angemeldet.
activity-error-sign-in = Die Anmeldung ist fehlgeschlagen.
activity-error-network = Der Server ist nicht erreichbar.
activity-error-generic = Etwas ist schiefgelaufen. Versuche es noch einmal.
activity-error-closed = Die Verbindung zur Partie wurde getrennt.
activity-error-replaced = Dieses Brett wurde in einem anderen Fenster geöffnet; hier endet es.
activity-unnamed = Jemand
activity-retry = Noch einmal
activity-reconnecting = Neu verbinden…
activity-board = Das Brett
activity-no-game = In diesem Kanal läuft keine Partie.
activity-start-hint = Starte eine: gegen den Bot oder gegen jemanden, der hier ist.
activity-play-bot = Gegen den Bot spielen
activity-members = Gerade hier
activity-no-members = Sonst ist noch niemand hier.
activity-challenge = Herausfordern
activity-challenge-sent = Herausforderung gesendet.
activity-your-turn = Du bist am Zug
activity-to-move = { $name } ist am Zug
activity-waiting = Warten auf { $name }
activity-watching = Du schaust zu.
activity-not-your-turn = Du bist nicht am Zug.
activity-pick-piece = Wähle einen deiner Steine.
activity-pick-destination = Wähle ein markiertes Feld.
activity-confirm-move = Tippe noch einmal, um { $move } zu spielen.
activity-piece-stuck = Dieser Stein kann nicht ziehen.
activity-not-your-piece = Das ist nicht dein Stein.
activity-in-progress = Läuft
activity-won = Gewonnen von { $name }
activity-drawn = Remis
activity-aborted = Abgebrochen
activity-clock = { $name }: noch { $time }
activity-last-move = Letzter Zug: { $move }
activity-you = du
activity-bot = Bot
activity-left = ausgeschieden
activity-winner = Sieger
activity-resign = Aufgeben
activity-resign-confirm = Diese Partie aufgeben?
activity-cancel = Abbrechen
activity-draw-offer = Remis anbieten
activity-draw-accept = Remis annehmen
activity-draw-offered = Remis angeboten
activity-draw-offered-by = { $name } bietet Remis an.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = Mit den Pfeiltasten bewegst du dich über das Brett. Enter oder Leertaste wählt einen Stein, dann das Feld, auf das er zieht; Escape lässt den Stein wieder los.
a11y-board-watch = Mit den Pfeiltasten bewegst du dich über das Brett; jedes Feld sagt, was darauf steht.
a11y-square-empty = { $square }, leer
a11y-square-piece = { $square }, { $seat ->
        [a] orangefarbener
        [b] blauer
        [c] grüner
        [d] lilafarbener
        [e] gelber
       *[f] roter
    } Stein
a11y-movable = { $label }, kann ziehen
a11y-picked = { $label }, gewählt
a11y-destination = { $label }, Ziel
a11y-picked-piece = Der Stein auf { $square } ist gewählt. Er kann nach { $squares } ziehen.
a11y-pick-cancelled = Kein Stein gewählt.
a11y-move = { $name }: { $move }
a11y-pass = { $name } setzt aus.
a11y-moves-log = Die Züge, wie sie gespielt werden

## Turniere (Issue 34): Schweizer Abende in einem Kanal, jede Partie in ihrem eigenen Thread.
error-not-organizer = Turniere können nur Mitglieder ausrichten, die den Server verwalten dürfen oder seine Turnierrolle haben. Frag einen Moderator.
error-tournament-in-thread = Ein Turnier läuft in einem Kanal, nicht in einem Thread: Seine Partien bekommen eigene Threads. Nutze den Kanal selbst.
error-arena-rounds = Eine Arena hat keine Runden: Sie dauert so lange, wie `duration` sagt. Lass `rounds` weg.
error-swiss-duration = Ein Turnier im Schweizer System hat Runden, keine `duration`. Lass `duration` weg oder wähle `format:arena`.
error-bad-duration = '{ $text }' ist keine Dauer. Schreib eine Zahl mit Einheit, z. B. 60m oder 1h30m.
error-duration-out-of-range = Eine Arena dauert zwischen { $min } und { $max }. Wähle eine `duration` dazwischen.
error-arena-only = Nur eine Arena hat eine Warteschlange zum Pausieren. Wer in einem Turnier im Schweizer System aufhören will, nutzt `/halma tournament withdraw`.
error-bad-tournament-name = Ein Turnier braucht einen Namen mit 1 bis { $limit } Zeichen.
error-tournament-variant = Turniere werden auf Varianten für zwei Spieler gespielt (standard, ig10, small, star2); { $variant } gehört nicht dazu. Wähle eine davon.
error-bad-rounds = Ein Turnier hat zwischen 1 und { $max } Runden. Lass `rounds` weg, dann sind es ⌈log₂ Spieler⌉, mindestens 3.
error-bad-starts-in = '{ $text }' ist keine Zeit bis zum Start. Schreib eine Zahl mit Einheit zwischen 1 Minute und 7 Tagen, z. B. 30m oder 2h.
error-server-tournaments-full = Auf diesem Server sammeln oder spielen schon { $limit } Turniere. Warte, bis eines davon endet.
error-tournament-in-channel = In diesem Kanal sammelt oder spielt schon ein Turnier. Richte deines in einem anderen Kanal aus.
error-no-tournament = In diesem Kanal gibt es kein Turnier. Wer Turniere ausrichten darf, legt eines mit `/halma tournament create` an.
error-tournament-started = Dieses Turnier hat begonnen, Beitreten und Verlassen sind geschlossen. Wer aufhören will, nutzt `/halma tournament withdraw`.
error-tournament-not-started = Dieses Turnier hat noch nicht begonnen: Verlasse es mit `/halma tournament leave`.
error-tournament-over = Dieses Turnier ist vorbei oder wurde abgesagt.
error-already-in-tournament = Du bist schon in diesem Turnier.
error-not-in-tournament = Du spielst nicht in diesem Turnier.
error-already-withdrawn = Du hast dich schon aus diesem Turnier zurückgezogen.
error-tournament-full = Dieses Turnier ist voll: Es nimmt höchstens { $limit } Spieler auf.
error-too-few-players = Ein Turnier braucht mindestens 2 Spieler, um zu beginnen, und { $joined } sind beigetreten. Warte auf weitere Spieler.
error-not-tournament-organizer = Das können nur <@{ $user }>, der dieses Turnier ausrichtet, oder ein Mitglied, das den Server verwalten darf.
error-tournament-game-abort = Eine Turnierpartie können ihre Spieler nicht abbrechen. Gib stattdessen auf oder frag einen Moderator.
tournament-created = Dein Turnier **{ $name }** ist angelegt; seine Ankündigung steht in diesem Kanal. Mitglieder treten mit ihrem Button „Beitreten“ oder `/halma tournament join` bei.
tournament-joined = Du bist **{ $name }** beigetreten (bisher { $players } Spieler). Es beginnt { $start }; deine Partien finden in Threads dieses Kanals statt.
tournament-left = Du hast **{ $name }** verlassen.
tournament-withdrawn = Du hast dich aus **{ $name }** zurückgezogen: Deine laufende Partie ist verloren, und du wirst nicht mehr gepaart.
tournament-started = **{ $name }** hat begonnen: Die erste Runde wird ausgelost.
tournament-cancelled = **{ $name }** ist abgesagt. Laufende Partien gehen als gewöhnliche Partien weiter.
tournament-announce = 🏆 **{ $name }**: ein Turnier im Schweizer System in { $variant } mit { $timeout } pro Zug, ausgerichtet von <@{ $organizer }>.
tournament-rounds = Runden: { $rounds }.
tournament-rounds-default = Runden: ⌈log₂ Spieler⌉, mindestens 3, beim Start festgelegt.
tournament-starts = Es beginnt { $start }. Tritt mit dem Button unten bei; beim Start schließt die Anmeldung.
tournament-running = Läuft: Runde { $round } von { $rounds }. Die Anmeldung ist geschlossen.
tournament-finished = Beendet: Siegertreppchen und Endstand stehen unten.
tournament-called-off = Abgesagt.
tournament-no-players = Noch keine Spieler.
tournament-players = Spieler ({ $count }/{ $limit }):
tournament-round = **{ $name }**, Runde { $round } von { $rounds }. Jede Partie hat ihren eigenen Thread; wer zuerst genannt ist, zieht zuerst.
tournament-pairing = { $board }. <@{ $first }> gegen <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> gegen <@{ $second }>
tournament-bye = Freilos: <@{ $user }> setzt diese Runde aus und bekommt einen Punkt.
tournament-standings = **Stand von { $name }**, Runde { $round } von { $rounds }:
tournament-standings-before = **Stand von { $name }**: Noch keine Runde wurde gespielt.
tournament-standings-legend = Punkte, dann Buchholz (Bh, die Punkte der Gegner), dann Sonneborn-Berger (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } Pkt. · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } Pkt. · Bh { $buchholz } · SB { $sb } · { $games } (zurückgezogen)
tournament-podium = 🏁 **{ $name }** ist vorbei! Das Siegertreppchen:
tournament-podium-place = { $medal } <@{ $user }>, { $points } Pkt.
tournament-podium-thanks = Danke fürs Mitspielen! `/halma tournament standings` zeigt die ganze Tabelle.
tournament-arena-started = **{ $name }** hat begonnen und endet { $end }: Die ersten Partien werden gepaart.
tournament-paused = Du hast die Warteschlange von **{ $name }** verlassen: Eine laufende Partie geht weiter, und du bekommst keine neue, bis du wieder `/halma tournament pause` nutzt.
tournament-resumed = Du bist zurück in der Warteschlange von **{ $name }**: In ein paar Sekunden wirst du gepaart.
tournament-arena-announce = 🏆 **{ $name }**: eine Arena in { $variant } mit { $timeout } pro Zug, { $duration } lang, ausgerichtet von <@{ $organizer }>.
tournament-arena-rules = Wer eine Partie beendet, wird ein paar Sekunden später wieder gepaart, mit dem freien Spieler, dessen Punkte am nächsten liegen. Ein Sieg zählt 2, ein Remis 1; nach zwei Siegen in Folge zählt jeder Sieg doppelt 🔥, bis eine Partie nicht gewonnen wird. `/halma tournament pause` für eine Pause.
tournament-arena-running = Läuft bis { $end }; kurz vor Schluss beginnt keine neue Partie mehr. Die Anmeldung ist geschlossen.
tournament-arena-games = **{ $name }**: neue Partien. Jede hat ihren eigenen Thread; wer zuerst genannt ist, zieht zuerst.
tournament-arena-standings = **Stand von { $name }**, Arena bis { $end }:
tournament-arena-standings-before = **Stand von { $name }**: Die Arena hat noch nicht begonnen.
tournament-arena-standings-over = **Stand von { $name }**, Endstand:
tournament-arena-legend = Sieg 2, Remis 1, Niederlage 0; 🔥 nach zwei Siegen in Folge zählt der nächste Sieg 4. Bei Gleichstand entscheidet die Performance.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } Pkt. · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } Pkt. · { $games } (zurückgezogen)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = pausiert
stats-tournaments = Turniere: { $played } gespielt, bester Platz { $place }.
stats-tournaments-unplaced = Turniere: { $played } gespielt.
settings-tournament-role = Rolle, die Turniere ausrichten darf: <@&{ $role }>
settings-tournament-role-none = Rolle, die Turniere ausrichten darf: keine (Mitglieder, die den Server verwalten dürfen, können es)
cmd-halma-tournament = Ein Turnier in diesem Kanal: Schweizer System oder Arena
cmd-halma-tournament-create = Lege ein Turnier in diesem Kanal an (Server verwalten oder die Turnierrolle)
cmd-halma-tournament-join = Tritt dem Turnier dieses Kanals vor dem Start bei
cmd-halma-tournament-leave = Verlasse das Turnier dieses Kanals vor dem Start
cmd-halma-tournament-withdraw = Zieh dich aus dem Turnier dieses Kanals zurück: Deine laufende Partie ist verloren
cmd-halma-tournament-start = Starte das Turnier dieses Kanals jetzt (sein Ausrichter)
cmd-halma-tournament-standings = Der Stand des Turniers dieses Kanals
cmd-halma-tournament-cancel = Sag das Turnier dieses Kanals ab (sein Ausrichter oder Server verwalten)
cmd-halma-tournament-pause = Verlasse die Warteschlange der Arena dieses Kanals für eine Weile, oder kehre zurück
opt-halma-tournament-create-name = Der Name des Turniers
opt-halma-tournament-create-format = Wie gepaart wird: swiss (Runden, Standard) oder arena (feste Dauer)
opt-halma-tournament-create-variant = Ein Brett für zwei: standard, ig10, small oder star2 (Standard: standard)
opt-halma-tournament-create-turn-timeout = Zeit pro Zug in jeder Partie, z. B. 5m oder 12h (Standard: 24h; Arena: 1m)
opt-halma-tournament-create-rounds = Anzahl der Runden (Standard: ⌈log₂ Spieler⌉, mindestens 3)
opt-halma-tournament-create-duration = Die Dauer einer Arena, z. B. 60m oder 1h30m (Standard: 60m)
opt-halma-tournament-create-starts-in = Wann es von selbst beginnt, z. B. 30m oder 2h (Standard: 15m)
opt-halma-settings-tournament-role = Eine Rolle, deren Mitglieder Turniere ausrichten dürfen
name-command-tournament = turnier
name-command-create = anlegen
name-command-join = beitreten
name-command-leave = verlassen
name-command-withdraw = zurückziehen
name-command-start = starten
name-command-standings = stand
name-command-cancel = absagen
name-command-pause = pause
name-option-name = name
name-option-format = format
name-option-rounds = runden
name-option-starts-in = beginnt_in
name-option-duration = dauer
name-option-tournament-role = turnierrolle
choice-format-swiss = Schweizer System (swiss)
choice-format-arena = Arena (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = Ein Rätsel namens '{ $text }' gibt es nicht. Wähle crossing oder chain.
error-no-puzzle-board = Rätsel werden auf den Brettern für zwei gespielt (star2, small, ig10, standard); { $variant } gehört nicht dazu. Wähle eines davon.
error-puzzle-open = Du hast schon ein Rätsel offen. Löse es (`/halma puzzle board` zeigt es) oder beende es mit `/halma puzzle giveup`.
error-no-open-puzzle = Du hast kein Rätsel offen. Starte eines mit `/halma puzzle start` oder versuche das heutige mit `/halma puzzle daily`.
error-puzzle-over = Dieses Rätsel ist vorbei. `/halma puzzle start` gibt dir ein neues.
error-no-daily-puzzle = Dieser Bot stellt kein Tagesrätsel. Starte ein eigenes mit `/halma puzzle start`.
error-par-not-ready = Das Par dieses Bretts, die beste Überquerung der Engine, wird noch berechnet. Versuche es in einer Minute wieder.
error-too-many-puzzles = Du hast innerhalb einer Minute { $limit } Rätsel gestartet. Warte einen Moment bis zum nächsten.
error-puzzles-busy = Gerade werden viele Rätsel erstellt. Versuche es gleich noch einmal.
error-no-chain-puzzle = Diesmal wurde auf diesem Brett kein lohnendes Kettenrätsel gefunden. Versuche es noch einmal oder wähle ein anderes Brett.
puzzle-title-crossing = 🧩 **Dein Rätsel**: eine Überquerung auf { $variant }.
puzzle-title-chain = 🧩 **Dein Rätsel**: ein Kettenrätsel auf { $variant }.
puzzle-title-daily-crossing = 🧩 **Rätsel des Tages** ({ $day }): eine Überquerung auf { $variant }.
puzzle-title-daily-chain = 🧩 **Rätsel des Tages** ({ $day }): ein Kettenrätsel auf { $variant }.
puzzle-goal-crossing = Bringe alle deine Steine ({ $colour }) aus ihrem Lager in das gegenüberliegende, mit Schritten und Sprüngen wie im Spiel; die Lagerregel gilt, und es gibt keinen Gegner. Das Par, das Beste der Engine, ist { $par }.
puzzle-goal-chain = Du spielst { $colour }. Finde den einen Zug, der deine Steine ihrem Ziellager am nächsten bringt: oft eine lange Sprungkette. Du hast einen Versuch.
puzzle-progress = Bisher: { $moves }, { $home } von { $total } Steinen im Ziel.
puzzle-how = Spiele mit dem Knopf Ziehen oder mit `/halma move` in einem Kanal ohne eine Partie von dir. `/halma puzzle giveup` beendet es.
puzzle-moved = Du hast { $chain } gespielt.
puzzle-crossed-at-par = ✅ Überquert in { $moves }: genau das Par!
puzzle-crossed-under-par = ✅ Überquert in { $moves }: { $by } unter dem Par von { $par }. Du hast die Engine geschlagen!
puzzle-crossed-over-par = ✅ Überquert in { $moves }: { $by } über dem Par von { $par }.
puzzle-chain-solved = ✅ Richtig: { $chain } ist der beste Zug (Gewinn { $gain }, in Schritten zum Ziellager).
puzzle-chain-wrong = ❌ Nicht der beste: Dein Zug gewinnt { $played }. Der beste war { $chain } (Gewinn { $gain }), auf dem Brett markiert.
puzzle-out-of-moves = ⌛ { $moves }, ohne das Lager zu füllen: Diese Überquerung ist vorbei.
puzzle-gave-up-chain = Du hast aufgegeben. Der beste Zug war { $chain }, auf dem Brett markiert.
puzzle-gave-up-crossing = Du hast aufgegeben. Das Par dieser Überquerung ist { $par }.
puzzle-rating = Rätselwertung: { $before } → { $after }.
puzzle-streak = Tage in Folge gelöst: { $current } (längste Serie: { $longest }).
puzzle-daily-done = Das war das heutige Rätsel; morgen kommt ein neues. `/halma puzzle leaderboard` zeigt, wie alle abgeschnitten haben.
puzzle-board-none = Nach dem heutigen Rätsel ({ $day }) hat noch niemand gefragt. Sei der Erste: `/halma puzzle daily`.
puzzle-board-crossing = **Rätsel des Tages** ({ $day }): eine Überquerung auf { $variant }, Par { $par }.
puzzle-board-chain = **Rätsel des Tages** ({ $day }): ein Kettenrätsel auf { $variant }.
puzzle-board-empty = Noch hat es niemand beendet.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · Wertung { $rating } · Serie { $streak }
puzzle-result-solved = gelöst
puzzle-result-gave-up = aufgegeben
puzzle-result-failed = nicht gelöst
puzzle-announce-crossing = 🧩 Das **Rätsel des Tages** ({ $day }) ist da: eine Überquerung auf { $variant }, Par { $par }. Probiere es mit `/halma puzzle daily`: Nur du siehst deinen Versuch, und `/halma puzzle leaderboard` zeigt, wie alle abgeschnitten haben.
puzzle-announce-chain = 🧩 Das **Rätsel des Tages** ({ $day }) ist da: ein Kettenrätsel auf { $variant }. Probiere es mit `/halma puzzle daily`: Nur du siehst deinen Versuch, und `/halma puzzle leaderboard` zeigt, wie alle abgeschnitten haben.
count-days =
    { $n ->
        [one] { $n } Tag
       *[other] { $n } Tage
    }
cmd-halma-puzzle = Rätsel: eine Überquerung oder ein Kettenrätsel für dich, oder das Tagesrätsel des Servers
cmd-halma-puzzle-start = Starte ein eigenes Rätsel (nur du siehst es)
cmd-halma-puzzle-daily = Das heutige Rätsel, für alle auf diesem Server gleich (nur du siehst deines)
cmd-halma-puzzle-board = Zeige dein offenes Rätsel noch einmal
cmd-halma-puzzle-giveup = Gib dein offenes Rätsel auf
cmd-halma-puzzle-leaderboard = Wie die Mitglieder dieses Servers beim heutigen Rätsel abgeschnitten haben
opt-halma-puzzle-start-kind = crossing (das Gegenlager in wenigen Zügen füllen) oder chain (den besten Zug finden)
opt-halma-puzzle-start-variant = Das Brett: star2, small, ig10 oder standard (Standard: star2)
name-command-puzzle = rätsel
name-command-daily = tagesrätsel
name-command-giveup = aufgeben
name-option-kind = art
choice-kind-crossing = Überquerung (crossing)
choice-kind-chain = Kette (chain)
