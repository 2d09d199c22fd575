### Polskie teksty bota (the bot's Polish texts): the ids and variables of `en/main.ftl`.
### `<@{ $user }>` to wzmianka na Discordzie, a `<#{ $channel }>` kanał; zostaw je bez zmian.
### Rodzimi użytkownicy języka mogą śmiało poprawiać to tłumaczenie.
### Native speakers are welcome to correct this translation.

## Odmowy.
error-internal = Coś poszło nie tak po naszej stronie. Zapisaliśmy to; spróbuj jeszcze raz.
error-challenge-yourself = Nie możesz wyzwać samego siebie. Wybierz innego gracza.
error-challenge-bot = Boty nie mogą tu grać w Halmę. Wyzwij człowieka.
error-channel-busy = Na tym kanale trwa już partia. Dokończ ją albo zacznij swoją na innym kanale.
error-unknown-variant = Nie ma wariantu o nazwie '{ $text }'. Wybierz jeden z: { $variants }.
error-no-parking-off-the-star = `no_parking` to opcja gwiazdy (`star2`, `star3`, `star4`, `star6`): { $variant } nie ma ramion, w których można parkować. Pomiń ją albo wybierz wariant gwiazdy.
error-bad-timeout = '{ $text }' to nie jest czas na ruch. Wpisz liczbę z jednostką, np. 10m, 12h lub 3d.
error-timeout-out-of-range = Czas na ruch '{ $text }' jest poza zakresem: musi wynosić od 1 minuty do 7 dni.
error-no-such-challenge = To wyzwanie nie istnieje (już).
error-not-challenged = Tylko <@{ $user }> może odpowiedzieć na to wyzwanie.
error-not-challenger = Tylko <@{ $user }>, autor tego wyzwania, może je wycofać.
error-challenge-expired = To wyzwanie wygasło. Poproś o nowe.
error-challenge-accepted = To wyzwanie zostało już przyjęte.
error-challenge-declined = To wyzwanie zostało już odrzucone.
error-challenge-withdrawn = To wyzwanie zostało wycofane.
error-no-game = Na tym kanale nie trwa żadna partia. Zacznij ją wyzwaniem albo znajdź partie serwera przez `/halma games`.
error-not-a-player = Nie grasz w partii na tym kanale.
error-not-your-turn = To nie twój ruch: teraz gra <@{ $user }>.
error-game-over = Partia na tym kanale się skończyła.
error-time-up = Skończył ci się czas na ten ruch; partia kończy się przekroczeniem czasu.
error-square-empty = Nie podano pola. Wpisz pole, np. e12.
error-square-bad-file = '{ $text }' to nie pole: musi zaczynać się od litery kolumny a–p (a–q na gwieździe), np. e12.
error-square-bad-rank = '{ $text }' to nie pole: po literze musi być numer rzędu 1–16 (1–17 na gwieździe), np. e12.
error-missing-destination = Podaj, dokąd idzie pionek: pole, np. g10, albo cały łańcuch, np. g10 g12 e14.
error-position-changed = Pozycja zmieniła się w trakcie twojego ruchu. Spójrz jeszcze raz na planszę.
error-abort-too-late = Gracze mogą przerwać partię tylko w pierwszej rundzie, zanim wszyscy wykonają ruch. Zamiast tego poddaj się albo poproś moderatora.
error-draw-already-offered = Już proponujesz remis; przeciwnik przyjmie go, proponując remis również.

## Niedozwolone ruchy.
illegal-not-your-turn = To nie twój ruch.
illegal-off-board = { $square } nie leży na tej planszy: jej kolumny biegną od a do { $last_file }, a rzędy od 1 do { $last_rank }.
illegal-off-board-star = { $square } to nie dołek gwiazdy: rząd { $rank } biegnie od { $first } do { $last }.
illegal-empty-square = Na { $square } nie ma pionka.
illegal-not-your-piece = Pionek na { $square } nie jest twój.
illegal-same-square = Ruch musi skończyć się na innym polu niż { $square }.
illegal-same-square-star = Ruch musi skończyć się w innym dołku niż { $square }.
illegal-ends-in-foreign-point = W tej partii żaden ruch nie może skończyć się na { $square }: to ramię gwiazdy nie jest ani twoim domem, ani celem.
illegal-occupied = Pole { $square } jest zajęte.
illegal-unreachable = Z { $from } nie da się dojść do { $to } jednym krokiem ani łańcuchem skoków.
illegal-leaves-target-camp = Pionek w swoim obozie docelowym nie może go opuścić ({ $from } na { $to }).
illegal-leaves-target-point = Pionek w swoim ramieniu docelowym nie może go opuścić ({ $from } na { $to }).
illegal-not-a-hop = { $from } na { $to } to nie skok: skok przechodzi w linii prostej nad jednym sąsiednim pionkiem.
illegal-nothing-to-hop-over = Na { $over } nie ma pionka, nad którym można przeskoczyć z { $from }.
illegal-revisits = Łańcuch dwa razy ląduje na { $square }.
illegal-cannot-pass = Nie możesz spasować, dopóki masz ruch.
illegal-cannot-remove = Bez gracza toczą się dalej tylko partie co najmniej trzyosobowe (bez drużyn).

## Wyzwania.
challenge-sent = <@{ $challenger }> wyzywa <@{ $opponent }> na partię { $variant } z czasem { $timeout } na ruch. <@{ $opponent }>, przyjmij lub odrzuć w ciągu 10 minut.
challenge-accepted = <@{ $opponent }> przyjmuje wyzwanie.
challenge-declined = <@{ $opponent }> odrzuca wyzwanie.
challenge-withdrawn = <@{ $challenger }> wycofuje wyzwanie.
challenge-expired = Wyzwanie dla <@{ $opponent }> wygasło.

## Partie.
game-your-move = <@{ $user }>, twój ruch.
game-move-played = <@{ $user }> zagrywa { $chain }.
game-passed = <@{ $user }> nie ma ruchu i pasuje.
game-end-completed = <@{ $winner }> doprowadza wszystkie pionki do celu i wygrywa!
game-end-anti-spoiling = <@{ $winner }> wygrywa: obóz docelowy jest pełny i są w nim jego pionki.
game-end-anti-spoiling-star = <@{ $winner }> wygrywa: ramię docelowe jest pełne i są w nim jego pionki.
game-end-resigned = <@{ $loser }> się poddaje. Wygrywa <@{ $winner }>.
game-end-timeout = <@{ $loser }> przekracza czas. Wygrywa <@{ $winner }>.
game-end-balance = Obaj gracze skończyli (zasada wyrównania): partia kończy się remisem.
game-end-ply-limit = Osiągnięto limit ruchów: partia kończy się remisem.
game-end-no-moves = Nikt nie może się ruszyć: partia kończy się remisem.
game-end-last-player = Wszyscy inni odeszli: wygrywa <@{ $winner }>!
game-end-no-people-left = Został tylko bot, więc partia kończy się tutaj remisem między miejscami bota.
game-end-agreement = Remis za porozumieniem.
game-unrated-early = Bez rankingu: partia skończyła się, zanim każdy gracz wykonał ruch.
game-aborted = <@{ $user }> przerywa partię. Nie jest liczona do rankingu.
draw-offered = <@{ $user }> proponuje remis. Zaproponuj go również, aby przyjąć; każdy ruch go odrzuca.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, minęła połowa twojego czasu na ruch: zostało { $left }.
leaderboard-empty = Nikt tu jeszcze nie rozegrał rankingowej partii { $variant }.

## Warstwa Discorda i tryb lokalny.
button-accept = Przyjmij
button-decline = Odrzuć
button-withdraw = Wycofaj
button-accept-draw = Przyjmij remis
button-rematch = Rewanż
challenge-anti-spoiling = Zasada antyblokady jest włączona: pełny obóz docelowy z twoimi pionkami też wygrywa.
challenge-anti-spoiling-star = Zasada antyblokady jest włączona: pełne ramię docelowe z twoimi pionkami też wygrywa.
challenge-no-parking = Zakaz parkowania jest włączony: żaden ruch nie może skończyć się w ramieniu, które nie jest ani domem, ani celem grającego.
colour-a = pomarańczowy
colour-b = niebieski
colour-c = zielony
colour-d = fioletowy
colour-e = żółty
colour-f = czerwony
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" kontra "}
game-time-left = Pozostały czas: { $left }.
game-aborted-short = Partia została przerwana.
board-header = { $variant }: { $players }. Rozegrane ruchy: { $ply }.
board-last-move = Ostatni ruch: <@{ $user }> zagrał { $chain }.
board-to-move = Ruch ma <@{ $user }>.
history-header = { $variant }, { $moves }:
replay-header = Powtórka partii { $variant } ({ $moves }).
replay-sampled = Partia jest zbyt długa, by pokazać każdy ruch. Pokazane pozycje: { $frames }, wśród nich początkowa i końcowa.
leaderboard-header = **Ranking: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } W, { $losses } P, { $draws } R)
stats-header = **Statystyki <@{ $user }>**
stats-no-games = Jeszcze brak partii rankingowych.
stats-row = { $variant }: { $rating }, miejsce { $rank } ({ $games }: { $wins } W, { $losses } P, { $draws } R)
count-moves =
    { $n ->
        [one] { $n } ruch
        [few] { $n } ruchy
        [many] { $n } ruchów
       *[other] { $n } ruchu
    }
count-games =
    { $n ->
        [one] { $n } gra
        [few] { $n } gry
        [many] { $n } gier
       *[other] { $n } gry
    }
stats-current-game = Gra w { $variant } na <#{ $channel }>.
rules-summary = **Halma.** Przeprowadź wszystkie swoje pionki do obozu w przeciwległym rogu. W każdej turze rusz jeden pionek: krok na sąsiednie puste pole (8 kierunków) albo jeden lub więcej skoków nad sąsiednim pionkiem na puste pole tuż za nim (bez bicia; zatrzymaj się, kiedy chcesz). Pionek, który dotarł do obozu docelowego, nie może go opuścić. Ruchy: `/halma move from:m3 to:k5` (lub łańcuch `to:k5 m7`). Warianty:
rules-variant = • `{ $name }`: { $side }×{ $side }, graczy: { $players }, pionków na gracza: { $pieces }
rules-star = **Chińskie warcaby (`star2` do `star6`).** Te same ruchy na sześcioramiennej gwieździe ze 121 polami: kroki i skoki w 6 kierunkach, a pionki prowadzisz do ramienia naprzeciw swojego.
rules-variant-star = • `{ $name }`: gwiazda, graczy: { $players }, pionków na gracza: { $pieces }

## Opisy poleceń i opcji (najwyżej 100 znaków).
cmd-halma = Graj w Halmę na tym kanale
cmd-halma-challenge = Wyzwij członka serwera na partię Halmy
cmd-halma-move = Rusz pionek: krok albo skoki aż do pola końcowego
cmd-halma-board = Pokaż aktualną planszę
cmd-halma-resign = Poddaj partię
cmd-halma-draw = Zaproponuj remis albo przyjmij proponowany
cmd-halma-history = Dotychczasowe ruchy i zapis pozycji
cmd-halma-leaderboard = Najlepsi gracze tego serwera
cmd-halma-stats = Rankingi, bilans i bieżące partie członka
cmd-halma-replay = Partia jako animowany GIF
cmd-halma-rules = Jak grać i jakie są warianty
cmd-halma-abort = Zakończ partię bez rankingu (moderatorzy lub gracze, zanim wszyscy wykonają ruch)
opt-halma-challenge-opponent = Z kim grasz
opt-halma-challenge-variant = Plansza i obozy (domyślnie: standard 16×16)
opt-halma-challenge-first = Kto zaczyna (domyślnie: losowo)
opt-halma-challenge-anti-spoiling = Pełny obóz docelowy z twoimi pionkami też wygrywa (domyślnie: wył.)
opt-halma-challenge-no-parking = Tylko gwiazda: żaden ruch nie kończy się w ramieniu innym niż twój dom i cel (domyślnie: wył.)
opt-halma-challenge-turn-timeout = Czas na ruch, np. 10m, 12h lub 3d (domyślnie: 24h)
opt-halma-move-from = Pole pionka, którym ruszasz, np. m3
opt-halma-move-to = Dokąd idzie, np. k5, albo każde pole lądowania: k5 m7
opt-halma-leaderboard-variant = Który wariant (domyślnie: standard)
opt-halma-stats-player = Czyje statystyki (domyślnie: twoje)

## Partie z botem i podpowiedzi.
error-unknown-level = Nie ma poziomu o nazwie '{ $text }'. Wybierz jeden z: { $levels }.
error-level-needs-bot = Poziom dotyczy tylko partii z botem. Wyzwij samego bota albo pomiń poziom.
error-no-hints-left = Wykorzystałeś wszystkie podpowiedzi tej partii (limit: { $limit }). Powodzenia!
error-bot-busy = Bot już myśli tyle, ile może, dla ciebie lub tego serwera. Spróbuj ponownie za minutę.
error-slow-down = Zwolnij trochę: wysłałeś wiele poleceń w kilka sekund. Spróbuj ponownie za chwilę.
ai-thinking = <@{ $bot }> zaczyna i się zastanawia…
game-bot-thinking = <@{ $bot }> się zastanawia…
hint-move = Podpowiedź: { $chain }. Pozostałe podpowiedzi w tej partii: { $left }.
stats-ai-row = Z botem ({ $level }): { $wins } W, { $losses } P, { $draws } R
history-hints = Wykorzystane podpowiedzi: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Podpowiedz ci ruch (3 na partię, widzisz go tylko ty)
opt-halma-challenge-level = Siła bota, gdy wyzywasz bota (domyślnie: medium)

## Odporność.
error-unknown-button = Ten przycisk jest już nieważny.
error-old-button = Ten przycisk należy do wcześniejszej partii. Użyj `/halma board`, aby zobaczyć aktualną.
error-challenge-pending = Już wyzwałeś <@{ $user }> na tym kanale. Poczekaj na odpowiedź albo najpierw wycofaj to wyzwanie.
error-too-many-challenges = Masz już na tym serwerze wyzwania czekające na odpowiedź (limit: { $limit }). Poczekaj na odpowiedź albo najpierw wycofaj jedno.
error-server-challenges-full = Ten serwer ma już wyzwania czekające na odpowiedź (limit: { $limit }). Spróbuj ponownie, gdy część dostanie odpowiedź.
error-too-many-threads = W ciągu ostatniej godziny otworzyłeś już tyle wątków gry, ile wolno (limit: { $limit }). Graj w jednym z nich albo rzuć wyzwanie bezpośrednio na kanale.
error-server-threads-full = Na tym serwerze otwarto w ciągu ostatniej godziny tyle wątków gry, ile wolno (limit: { $limit }). Spróbuj później albo rzuć wyzwanie bezpośrednio na kanale.
list-more = …i jeszcze { $count }.

## Partie trzy- i czteroosobowe oraz drużynowe.
error-left-game = Opuściłeś tę partię, więc nie możesz już w niej grać, proponować remisu ani się poddać.
game-left-resigned = <@{ $user }> się poddaje i opuszcza partię; jego pionki znikają z planszy.
game-left-timeout = <@{ $user }> przekracza czas i opuszcza partię; jego pionki znikają z planszy.
game-end-completed-team = <@{ $winner }> i <@{ $partner }> doprowadzają wszystkie pionki do celu i wygrywają!
game-end-anti-spoiling-team = <@{ $winner }> i <@{ $partner }> wygrywają: ich obozy docelowe są pełne i są w nich ich pionki.
game-end-resigned-team = Drużyna <@{ $loser }> i <@{ $loser_partner }> się poddaje. Wygrywają <@{ $winner }> i <@{ $partner }>.
game-end-timeout-team = Drużyna <@{ $loser }> i <@{ $loser_partner }> przekracza czas. Wygrywają <@{ $winner }> i <@{ $partner }>.
game-ranking = Klasyfikacja końcowa: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, odszedł)
error-draw-already-offered-all = Już proponujesz remis; zostanie przyjęty, gdy zaproponują go też wszyscy pozostali gracze, którzy są jeszcze w partii.
draw-offered-all = <@{ $user }> proponuje remis. Zostanie przyjęty, gdy zaproponują go wszyscy gracze, którzy są jeszcze w partii: { $users }, zaproponujcie go również, aby przyjąć; każdy ruch go odrzuca.
error-challenge-in-channel = Wyzwanie od <@{ $user }> czeka na tym kanale na odpowiedzi, a kanał zbiera graczy tylko do jednej partii naraz. Jeśli cię zaproszono, przyjmij je lub odrzuć; w przeciwnym razie poczekaj, aż ktoś odpowie lub wyzwanie wygaśnie (najwyżej 10 minut), albo graj na innym kanale.
history-left = { $seat } opuszcza partię

## Wybór ruchu, ustawienia serwera, lista partii i wątki.
button-move = Ruch
button-watch = Oglądaj
button-standings = Tabela
button-play-in-discord = Graj w Discordzie
button-back = Wstecz
picker-pieces = Wybierz pionek do ruchu; zaznaczone pionki mogą się ruszyć.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Wybierz pionek
picker-destinations = Pionek z { $square } może iść na { $destinations }, zaznaczone na planszy. Wybierz jedno albo wróć.
picker-placeholder-destination = Wybierz, dokąd idzie
picker-more = więcej… (jeszcze { $count })
picker-stale = Pozycja zmieniła się od otwarcia tego wyboru. Spójrz jeszcze raz na planszę.
picker-stale-fresh = Pozycja zmieniła się od otwarcia tego wyboru; oto nowy.
picker-played = Zagrałeś { $chain }.
count-destinations =
    { $n ->
        [one] { $n } pole
        [few] { $n } pola
        [many] { $n } pól
       *[other] { $n } pola
    }
games-header = **Partie na tym serwerze** ({ $count }):
games-none = Na tym serwerze nie trwa żadna partia. Zacznij ją przez `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = ruch ma <@{ $user }>
games-turn-left = ruch ma <@{ $user }>, zostało { $left }
games-board-link = {" "}· [plansza]({ $link })
cmd-halma-games = Partie trwające na tym serwerze
error-needs-manage-server = Ustawienia Halmy tego serwera mogą oglądać i zmieniać tylko członkowie, którzy mogą zarządzać serwerem.
error-channel-not-allowed = Na tym serwerze nie gra się na tym kanale. Wyzwij na jednym z: { $channels }.
error-too-many-game-channels = Partie może gościć najwyżej { $limit } kanałów. Najpierw usuń jeden albo zezwól na wszystkie kanały.
error-unknown-language = Nie ma języka '{ $text }'. Wybierz jeden z: en, hr, de, fr, es-ES, pt-BR, pl, ru lub auto (język serwera).
settings-header = **Ustawienia Halmy tego serwera**
settings-variant = Domyślny wariant: { $variant }
settings-turn-timeout = Domyślny czas na ruch: { $timeout }
settings-default = { $value } (domyślne ustawienie bota)
settings-channels-all = Kanały do gry: wszystkie
settings-channels = Kanały do gry: { $channels }
settings-language-auto = Język przypomnień i porażek na czas: { $language } (język serwera)
settings-language = Język przypomnień i porażek na czas: { $language }
settings-web-on = Publiczna strona WWW: włączona, pod /server/{ $server }
settings-web-off = Publiczna strona WWW: wyłączona
language-en = angielski
language-hr = chorwacki
language-de = niemiecki
language-fr = francuski
language-es = hiszpański
language-pt-br = portugalski brazylijski
language-pl = polski
language-ru = rosyjski
cmd-halma-settings = Pokaż lub zmień ustawienia Halmy tego serwera (Zarządzanie serwerem)
opt-halma-settings-variant = Wariant wyzwań, które go nie podają
opt-halma-settings-turn-timeout = Czas na ruch wyzwań, które go nie podają, np. 12h
opt-halma-settings-allow-channel = Zezwól na partie na tym kanale (odtąd tylko na kanałach z listy)
opt-halma-settings-remove-channel = Usuń ten kanał z listy kanałów do gry
opt-halma-settings-all-channels = Znów zezwól na partie na wszystkich kanałach
opt-halma-settings-language = Język przypomnień i porażek na czas (auto: język serwera)
opt-halma-settings-web = Pokaż rankingi i partie serwera na publicznej stronie WWW (domyślnie wyłączone)
thread-opened = Wyzwanie ma własny wątek: <#{ $thread }>.
opt-halma-challenge-thread = Graj w nowym publicznym wątku nazwanym od graczy (domyślnie: nie)

## Partie trzy- i czteroosobowe: zaproszenia, otwarte poczekalnie, start.
error-wrong-opponent-count-one = { $variant } to partia dla dwóch osób: podaj tylko `opponent`.
error-wrong-opponent-count = { $variant } wymaga { $needed } przeciwników: podaj ich w `opponent`, `opponent2` … `opponent5`.
error-duplicate-opponent = <@{ $user }> podano dwa razy. Podaj każdego gracza raz.
error-not-invited = Nie masz zaproszenia do tej partii.
error-already-accepted = Już przyjąłeś. Partia zacznie się, gdy przyjmą wszyscy.
error-no-such-lobby = Ta poczekalnia nie istnieje (już).
error-lobby-started = Partia z tej poczekalni już się zaczęła.
error-lobby-closed = Ta poczekalnia jest zamknięta. Otwórz nową przez `/halma open`.
error-lobby-open = <@{ $user }> ma otwartą poczekalnię na tym kanale, a kanał zbiera graczy tylko do jednej partii naraz. Dołącz do niej albo poczekaj, aż się zacznie lub zamknie.
error-already-in-lobby = Już jesteś w tej poczekalni.
error-not-in-lobby = Nie jesteś w tej poczekalni.
error-lobby-full = Wszystkie miejsca w tej poczekalni są zajęte.
error-not-host = Tylko <@{ $user }>, który otworzył tę poczekalnię, może to zrobić.
error-lobby-not-full = Partia { $variant } wymaga graczy: { $players }, a dołączyło: { $joined }. Poczekaj na więcej albo dodaj bota.
error-ai-needs-several-players = Bot zajmuje miejsca tylko w partiach co najmniej trzyosobowych. Do partii we dwoje wyzwij samego bota.
error-replays-busy = Właśnie rysuje się wiele powtórek. Spróbuj ponownie za minutę.
invite-sent = <@{ $challenger }> zaprasza { $invitees } na partię { $variant } z czasem { $timeout } na ruch. Wszyscy muszą przyjąć w ciągu 10 minut.
invite-accepted = Przyjęli: { $users }.
invite-waiting = Czekamy na: { $users }.
invite-declined = <@{ $user }> odmawia: partia { $variant } się nie odbędzie.
invite-expired = Zaproszenie na partię { $variant } wygasło: nie wszyscy przyjęli je na czas.
invite-withdrawn = <@{ $user }> wycofuje zaproszenie na partię { $variant }.
invite-and = {" i "}
lobby-open = <@{ $host }> otwiera partię { $variant } z czasem { $timeout } na ruch. Kliknij Dołącz, aby zagrać: partia zacznie się, gdy zajęte zostaną wszystkie miejsca ({ $players }). Poczekalnia zamknie się za 30 minut.
lobby-seats-in-order = Miejsca są przydzielane w kolejności dołączania.
lobby-seats-random = Miejsca są losowane.
lobby-members = Gracze ({ $joined }/{ $players }): { $users }.
lobby-full = Wszystkie miejsca są zajęte: <@{ $host }> może rozpocząć partię przyciskiem Start, gdy kanał będzie wolny.
lobby-closed = <@{ $host }> zamyka poczekalnię partii { $variant }.
lobby-expired = Poczekalnia partii { $variant } wygasła, zanim zajęto wszystkie miejsca.
lobby-bot = <@{ $user }> ({ $level })
button-join = Dołącz
button-leave = Opuść
button-start = Start
button-add-ai = Dodaj SI ({ $level })
start-header = Partia { $variant } się zaczyna!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, poziom { $level }
start-team = Drużyna { $team }: { $seats }
start-not-rated = W tej partii gra bot, więc nie jest liczona do rankingu.
start-first = Pierwszy rusza <@{ $user }>.
cmd-halma-open = Otwórz poczekalnię, do której może dołączyć każdy z kanału
opt-halma-challenge-opponent2 = Drugi przeciwnik, do partii co najmniej trzyosobowej
opt-halma-challenge-opponent3 = Trzeci przeciwnik, do partii cztero- lub sześcioosobowej
opt-halma-challenge-opponent4 = Czwarty przeciwnik, do partii sześcioosobowej (star6)
opt-halma-challenge-opponent5 = Piąty przeciwnik, do partii sześcioosobowej (star6)
opt-halma-open-variant = Plansza i gracze (domyślnie: four)
opt-halma-open-turn-timeout = Czas na ruch, np. 10m, 12h lub 3d (domyślnie: 24h)
opt-halma-open-anti-spoiling = Pełny obóz docelowy z twoimi pionkami też wygrywa (domyślnie: wył.)
opt-halma-open-no-parking = Tylko gwiazda: żaden ruch nie kończy się w ramieniu innym niż twój dom i cel (domyślnie: wył.)
opt-halma-open-seats = Miejsca w kolejności dołączania lub losowo (domyślnie: join-order)
opt-halma-open-level = Siła dodawanych botów (domyślnie: medium)

## Czas, np. „1 d 2 godz. 30 min”: każda część, rozdzielona spacjami.
duration-days = { $n } d
duration-hours = { $n } godz.
duration-minutes = { $n } min
duration-seconds = { $n } s

## Strony na żywo w przeglądarce (strona partii, strona serwera) i to, co piszą ich skrypty.
## Skrypty wypełniają { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } i { $time }.
page-to-move = Ruch: { $name }
page-in-progress = W toku
page-won = Wygrywa: { $names }
page-drawn = Remis
page-aborted = Przerwana
page-and = {" i "}
page-reason-completed = wszystkie pionki w celu
page-reason-anti-spoiling = obóz docelowy pełny (antyblokada)
page-reason-resigned = przez poddanie
page-reason-timeout = na czas
page-reason-balance = obaj skończyli (zasada wyrównania)
page-reason-ply-limit = osiągnięto limit ruchów
page-reason-no-moves = nikt nie może się ruszyć
page-reason-agreement = za porozumieniem
page-reason-aborted = przerwana
page-reason-last-player = został tylko jeden gracz
page-reason-no-people-left = został tylko bot
page-bot = Bot Halmy
page-player = Gracz { $seat }
page-member = Członek serwera
page-tag-bot = bot
page-tag-left = odszedł
page-tag-winner = zwycięzca
page-tag-to-move = na ruchu
page-ply = Ruch { $n } z { $total }: { $name }, { $move }
page-start = Pozycja początkowa; rozegrane ruchy: { $total }
page-pass = pas
page-clock = { $name }: zostało { $time }
page-reconnecting = Ponowne łączenie…
page-disconnected = Rozłączono: odśwież stronę, aby dalej śledzić partię.
page-needs-script = Plansza na żywo wymaga JavaScriptu.
page-board = Plansza
page-steps = Przeglądanie partii
page-first = Pozycja początkowa
page-previous = Ruch wstecz
page-slider = Pokazany ruch
page-next = Ruch naprzód
page-last = Bieżąca pozycja
page-games-now = Trwające partie
page-no-games = Nie toczy się żadna partia.
page-column-player = Gracz
page-column-rating = Ranking
page-column-games = Partie
page-not-found = Nie znaleziono
page-no-such-game = Nie ma takiej partii. Link może zawierać błąd albo strony już nie ma.
page-no-such-server = Nie ma takiej strony serwera. Link może zawierać błąd albo serwer wyłączył swoją stronę.
page-no-such-page = Nie ma takiej strony. Link może zawierać błąd albo strony już nie ma.
page-no-such-tournament = Nie ma takiej strony turnieju. Link może zawierać błąd albo turnieju już nie ma.
page-tournaments = Turnieje
page-tournament-swiss = Turniej szwajcarski · { $variant }
page-tournament-arena = Arena · { $variant }
page-tournament-starts = Początek o { $time }.
page-tournament-round = Runda { $round } z { $rounds }.
page-tournament-under-way = W toku.
page-tournament-ends = Koniec o { $time }.
page-tournament-finished = Zakończony.
page-tournament-cancelled = Odwołany.
page-tournament-no-players = Nie ma jeszcze graczy.
page-tournament-withdrew = wycofał się
page-column-points = Punkty
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn-Berger
page-column-streak = Seria

## Nazwy polecenia, podpoleceń i opcji (małe litery, bez spacji, najwyżej 32 znaki) oraz wyborów (najwyżej 100).
name-command-halma = halma
name-command-challenge = wyzwij
name-command-move = ruch
name-command-board = plansza
name-command-resign = poddaj
name-command-draw = remis
name-command-history = historia
name-command-leaderboard = ranking
name-command-stats = statystyki
name-command-replay = powtórka
name-command-rules = zasady
name-command-abort = przerwij
name-command-hint = podpowiedź
name-command-games = partie
name-command-settings = ustawienia
name-command-open = otwórz
name-option-opponent = przeciwnik
name-option-opponent2 = przeciwnik2
name-option-opponent3 = przeciwnik3
name-option-opponent4 = przeciwnik4
name-option-opponent5 = przeciwnik5
name-option-variant = wariant
name-option-first = pierwszy
name-option-anti-spoiling = anty_blokada
name-option-no-parking = zakaz_parkowania
name-option-turn-timeout = czas_na_ruch
name-option-level = poziom
name-option-thread = wątek
name-option-from = skąd
name-option-to = dokąd
name-option-player = gracz
name-option-seats = miejsca
name-option-allow-channel = dodaj_kanał
name-option-remove-channel = usuń_kanał
name-option-all-channels = wszystkie_kanały
name-option-language = język
name-option-web = web
choice-variant-standard = standardowy (16×16, dwoje)
choice-variant-three = troje (16×16)
choice-variant-four = czworo (16×16)
choice-variant-four-teams = czworo w parach
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = mała (8×8)
choice-variant-star2 = gwiazda dla dwóch (star2)
choice-variant-star3 = gwiazda dla trzech (star3)
choice-variant-star4 = gwiazda dla czterech (star4)
choice-variant-star6 = gwiazda dla sześciu (star6)
choice-first-me = ja
choice-first-opponent = przeciwnik
choice-first-random = losowo
choice-level-easy = łatwy
choice-level-medium = średni
choice-level-hard = trudny
choice-seats-join-order = kolejność dołączenia
choice-seats-random = losowo
choice-language-auto = auto (język serwera)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = włącz
choice-web-off = wyłącz

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` przyjmuje on albo off, a nie '{ $text }'. Wybierz wartość z listy albo pomiń opcję, żeby zobaczyć swoje ustawienie.
notify-on = Wiadomości prywatne: włączone. Piszę do ciebie, gdy masz ruch w partii, w której czas na ruch to { $min } lub więcej, i jeszcze raz, gdy minie połowa twojego czasu.
notify-refused = Jeśli Discord odrzuci wiadomość (masz zamknięte wiadomości prywatne), nadal powiadomi cię wzmianka na kanale partii, a ja przestanę próbować na { $pause }.
notify-paused = Discord odrzucił moją ostatnią wiadomość: spróbuję znowu za { $left } albo od razu, jeśli ponownie włączysz wiadomości prywatne.
notify-off = Wiadomości prywatne: wyłączone. Wzmianka na kanale partii powie ci, kiedy masz ruch; `/halma notify dm:on` dodaje wiadomość prywatną.
notify-choice-on = on: wiadomość prywatna, gdy mam ruch
notify-choice-off = off: tylko wzmianka na kanale
dm-your-move = Twój ruch w partii { $variant } (zostało { $left }): { $link }
dm-half-time = Minęła połowa twojego czasu na ruch (zostało { $left }): { $link }
count-hours =
    { $n ->
        [one] { $n } godzina
        [few] { $n } godziny
        [many] { $n } godzin
       *[other] { $n } godziny
    }
cmd-halma-notify = Wiadomość prywatna, gdy masz ruch (partie z godziną lub więcej na ruch)
opt-halma-notify-dm = on albo off (pomiń, żeby zobaczyć swoje ustawienie)
name-command-notify = powiadomienia
name-option-dm = wiadomość_prywatna

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Łączenie z Discordem…
activity-error-title = Nie można pokazać gry
activity-error-outside = Ta strona działa w Discordzie: uruchom ją jako aktywność na kanale.
activity-error-authorize = Discord cię nie zalogował.
activity-error-sign-in = Logowanie nie powiodło się.
activity-error-network = Serwer jest nieosiągalny.
activity-error-generic = Coś poszło nie tak. Spróbuj ponownie.
activity-error-closed = Połączenie z grą zostało zamknięte.
activity-error-replaced = Ta plansza została otwarta w innym oknie; tutaj się zatrzymuje.
activity-unnamed = Ktoś
activity-retry = Spróbuj ponownie
activity-reconnecting = Ponowne łączenie…
activity-board = Plansza
activity-no-game = Na tym kanale nie ma gry.
activity-start-hint = Zacznij: zagraj z botem albo wyzwij kogoś, kto tu jest.
activity-play-bot = Graj z botem
activity-members = Teraz tutaj
activity-no-members = Nikogo innego jeszcze tu nie ma.
activity-challenge = Wyzwij
activity-challenge-sent = Wyzwanie wysłane.
activity-your-turn = Twój ruch
activity-to-move = Ruch: { $name }
activity-waiting = Czekamy na: { $name }
activity-watching = Oglądasz.
activity-not-your-turn = To nie twój ruch.
activity-pick-piece = Wybierz jeden ze swoich pionów.
activity-pick-destination = Wybierz podświetlone pole.
activity-confirm-move = Dotknij ponownie, aby zagrać { $move }.
activity-piece-stuck = Ten pion nie może się ruszyć.
activity-not-your-piece = To nie twój pion.
activity-in-progress = W toku
activity-won = Wygrywa: { $name }
activity-drawn = Remis
activity-aborted = Przerwana
activity-clock = { $name }: zostało { $time }
activity-last-move = Ostatni ruch: { $move }
activity-you = ty
activity-bot = bot
activity-left = odszedł
activity-winner = zwycięzca
activity-resign = Poddaj się
activity-resign-confirm = Poddać tę grę?
activity-cancel = Anuluj
activity-draw-offer = Zaproponuj remis
activity-draw-accept = Przyjmij remis
activity-draw-offered = Remis zaproponowany
activity-draw-offered-by = { $name } proponuje remis.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = Strzałki przesuwają fokus po planszy. Enter lub spacja wybiera piona, a potem pole, na które idzie; Escape anuluje wybór.
a11y-board-watch = Strzałki przesuwają fokus po planszy; każde pole mówi, co na nim stoi.
a11y-square-empty = { $square }, puste
a11y-square-piece = { $square }, { $seat ->
        [a] pomarańczowy
        [b] niebieski
        [c] zielony
        [d] fioletowy
        [e] żółty
       *[f] czerwony
    } pion
a11y-movable = { $label }, może się ruszyć
a11y-picked = { $label }, wybrany
a11y-destination = { $label }, cel ruchu
a11y-picked-piece = Wybrano piona na { $square }. Może iść na: { $squares }.
a11y-pick-cancelled = Żaden pion nie jest wybrany.
a11y-move = { $name }: { $move }
a11y-pass = { $name } pasuje.
a11y-moves-log = Ruchy na bieżąco

## Turnieje (zgłoszenie 34): wieczory w systemie szwajcarskim na kanale, każda partia we własnym wątku.
error-not-organizer = Turnieje mogą organizować tylko członkowie, którzy mogą zarządzać serwerem albo mają jego rolę turniejową. Poproś moderatora.
error-tournament-in-thread = Turniej prowadzi się na kanale, nie w wątku: jego partie dostają własne wątki. Użyj samego kanału.
error-arena-rounds = Arena nie ma rund: trwa tyle, ile mówi `duration`. Pomiń `rounds`.
error-swiss-duration = Turniej w systemie szwajcarskim ma rundy, a nie `duration`. Pomiń `duration` albo wybierz `format:arena`.
error-bad-duration = '{ $text }' to nie jest czas trwania. Wpisz liczbę z jednostką, np. 60m albo 1h30m.
error-duration-out-of-range = Arena trwa od { $min } do { $max }. Wybierz `duration` z tego zakresu.
error-arena-only = Tylko arena ma kolejkę, którą można wstrzymać. Aby przestać grać w turnieju w systemie szwajcarskim, użyj `/halma tournament withdraw`.
error-bad-tournament-name = Turniej potrzebuje nazwy o długości od 1 do { $limit } znaków.
error-tournament-variant = Turnieje rozgrywa się w wariantach dla dwóch graczy (standard, ig10, small, star2); { $variant } do nich nie należy. Wybierz jeden z nich.
error-bad-rounds = Turniej ma od 1 do { $max } rund. Pomiń `rounds`, a będzie ich ⌈log₂ liczby graczy⌉, co najmniej 3.
error-bad-starts-in = '{ $text }' to nie jest czas do startu. Wpisz liczbę z jednostką, od 1 minuty do 7 dni, np. 30m albo 2h.
error-server-tournaments-full = Na tym serwerze trwają już zapisy lub gra w { $limit } turniejach. Poczekaj, aż któryś się skończy.
error-tournament-in-channel = Na tym kanale trwają już zapisy lub gra w innym turnieju. Zorganizuj swój na innym kanale.
error-no-tournament = Na tym kanale nie ma turnieju. Organizator może go utworzyć przez `/halma tournament create`.
error-tournament-started = Ten turniej już się zaczął, więc zapisy i rezygnacje są zamknięte. Kto chce przestać grać, używa `/halma tournament withdraw`.
error-tournament-not-started = Ten turniej jeszcze się nie zaczął: opuść go przez `/halma tournament leave`.
error-tournament-over = Ten turniej się skończył albo został odwołany.
error-already-in-tournament = Już bierzesz udział w tym turnieju.
error-not-in-tournament = Nie grasz w tym turnieju.
error-already-withdrawn = Już wycofano cię z tego turnieju.
error-tournament-full = Ten turniej jest pełny: mieści najwyżej { $limit } graczy.
error-too-few-players = Do startu turnieju potrzeba co najmniej 2 graczy, a zapisanych jest: { $joined }. Poczekaj na kolejnych.
error-not-tournament-organizer = To może zrobić tylko <@{ $user }>, organizator tego turnieju, albo członek, który może zarządzać serwerem.
error-tournament-game-abort = Gracze nie mogą przerwać partii turniejowej. Zamiast tego poddaj się albo poproś moderatora.
tournament-created = Twój turniej **{ $name }** został utworzony; jego ogłoszenie jest na tym kanale. Członkowie zapisują się przyciskiem Dołącz albo przez `/halma tournament join`.
tournament-joined = Zapisano cię do turnieju **{ $name }** (liczba graczy: { $players }). Start { $start }; twoje partie będą w wątkach tego kanału.
tournament-left = Wypisano cię z turnieju **{ $name }**.
tournament-withdrawn = Wycofano cię z turnieju **{ $name }**: trwająca partia jest przegrana i nie dostaniesz już par.
tournament-started = Turniej **{ $name }** się zaczął: trwa kojarzenie pierwszej rundy.
tournament-cancelled = Turniej **{ $name }** został odwołany. Trwające partie toczą się dalej jako zwykłe partie.
tournament-announce = 🏆 **{ $name }**: turniej w systemie szwajcarskim w { $variant }, { $timeout } na ruch, organizuje <@{ $organizer }>.
tournament-rounds = Rundy: { $rounds }.
tournament-rounds-default = Rundy: ⌈log₂ liczby graczy⌉, co najmniej 3, ustalane przy starcie.
tournament-starts = Start { $start }. Zapisz się przyciskiem poniżej; zapisy kończą się przy starcie.
tournament-running = W toku: runda { $round } z { $rounds }. Zapisy są zamknięte.
tournament-finished = Zakończony: podium i końcowa tabela są poniżej.
tournament-called-off = Odwołany.
tournament-no-players = Na razie brak graczy.
tournament-players = Gracze ({ $count }/{ $limit }):
tournament-round = **{ $name }**, runda { $round } z { $rounds }. Każda partia ma własny wątek; zaczyna gracz wymieniony jako pierwszy.
tournament-pairing = { $board }. <@{ $first }> – <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> – <@{ $second }>
tournament-bye = Pauza: <@{ $user }> nie gra w tej rundzie i dostaje punkt.
tournament-standings = **Tabela turnieju { $name }**, runda { $round } z { $rounds }:
tournament-standings-before = **Tabela turnieju { $name }**: nie rozegrano jeszcze żadnej rundy.
tournament-standings-legend = Punkty, potem Buchholz (Bh, punkty przeciwników), potem Sonneborn-Berger (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } pkt · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pkt · Bh { $buchholz } · SB { $sb } · { $games } (wycofany)
tournament-podium = 🏁 Turniej **{ $name }** dobiegł końca! Podium:
tournament-podium-place = { $medal } <@{ $user }>, { $points } pkt
tournament-podium-thanks = Dziękujemy za grę! `/halma tournament standings` pokazuje całą tabelę.
tournament-arena-started = Arena **{ $name }** się zaczęła i kończy się { $end }: trwa kojarzenie pierwszych partii.
tournament-paused = Wychodzisz z kolejki **{ $name }**: partia w toku trwa dalej, a nowej nie dostaniesz, dopóki znowu nie użyjesz `/halma tournament pause`.
tournament-resumed = Wracasz do kolejki **{ $name }**: za kilka sekund dostaniesz parę.
tournament-arena-announce = 🏆 **{ $name }**: arena w wariancie { $variant }, { $timeout } na ruch, czas trwania { $duration }, organizuje <@{ $organizer }>.
tournament-arena-rules = Kto skończy partię, po kilku sekundach dostaje nową parę: wolnego gracza o najbliższej liczbie punktów. Wygrana daje 2, remis 1; po dwóch wygranych z rzędu każda wygrana liczy się podwójnie 🔥, dopóki jakaś partia nie skończy się bez wygranej. `/halma tournament pause`, by odpocząć.
tournament-arena-running = W toku do { $end }; tuż przed końcem nie zaczynają się nowe partie. Zapisy są zamknięte.
tournament-arena-games = **{ $name }**: nowe partie. Każda ma własny wątek; zaczyna gracz wymieniony jako pierwszy.
tournament-arena-standings = **Tabela areny { $name }**, do { $end }:
tournament-arena-standings-before = **Tabela areny { $name }**: arena jeszcze się nie zaczęła.
tournament-arena-standings-over = **Tabela areny { $name }**, końcowa:
tournament-arena-legend = Wygrana 2, remis 1, przegrana 0; 🔥 po dwóch wygranych z rzędu następna wygrana liczy się za 4. Przy równej liczbie punktów decyduje performance.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } pkt · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pkt · { $games } (wycofany)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = przerwa
stats-tournaments = Turnieje: rozegrane { $played }, najlepsze miejsce: { $place }.
stats-tournaments-unplaced = Turnieje: rozegrane { $played }.
settings-tournament-role = Rola, która może organizować turnieje: <@&{ $role }>
settings-tournament-role-none = Rola, która może organizować turnieje: brak (mogą to członkowie zarządzający serwerem)
cmd-halma-tournament = Turniej na tym kanale: system szwajcarski albo arena
cmd-halma-tournament-create = Utwórz turniej na tym kanale (Zarządzanie serwerem albo rola turniejowa)
cmd-halma-tournament-join = Zapisz się do turnieju tego kanału przed startem
cmd-halma-tournament-leave = Opuść turniej tego kanału przed startem
cmd-halma-tournament-withdraw = Wycofaj się z turnieju tego kanału: trwająca partia jest przegrana
cmd-halma-tournament-start = Rozpocznij teraz turniej tego kanału (jego organizator)
cmd-halma-tournament-standings = Tabela turnieju tego kanału
cmd-halma-tournament-cancel = Odwołaj turniej tego kanału (jego organizator albo Zarządzanie serwerem)
cmd-halma-tournament-pause = Wyjdź na chwilę z kolejki areny tego kanału albo do niej wróć
opt-halma-tournament-create-name = Nazwa turnieju
opt-halma-tournament-create-format = Jak kojarzy się pary: swiss (rundy, domyślnie) albo arena (stały czas)
opt-halma-tournament-create-variant = Plansza dla dwojga: standard, ig10, small albo star2 (domyślnie: standard)
opt-halma-tournament-create-turn-timeout = Czas na ruch w każdej partii, np. 5m albo 12h (domyślnie: 24h; arena: 1m)
opt-halma-tournament-create-rounds = Liczba rund (domyślnie: ⌈log₂ liczby graczy⌉, co najmniej 3)
opt-halma-tournament-create-duration = Czas trwania areny, np. 60m albo 1h30m (domyślnie: 60m)
opt-halma-tournament-create-starts-in = Kiedy zacznie się sam, np. 30m albo 2h (domyślnie: 15m)
opt-halma-settings-tournament-role = Rola, której członkowie mogą organizować turnieje
name-command-tournament = turniej
name-command-create = utwórz
name-command-join = dołącz
name-command-leave = opuść
name-command-withdraw = wycofaj
name-command-start = rozpocznij
name-command-standings = tabela
name-command-cancel = odwołaj
name-command-pause = pauza
name-option-name = nazwa
name-option-format = format
name-option-rounds = rundy
name-option-starts-in = start_za
name-option-duration = czas_trwania
name-option-tournament-role = rola_turniejowa
choice-format-swiss = system szwajcarski (swiss)
choice-format-arena = arena (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = Nie ma łamigłówki o nazwie '{ $text }'. Wybierz crossing albo chain.
error-no-puzzle-board = Łamigłówki rozgrywa się na planszach dla dwojga (star2, small, ig10, standard); { $variant } do nich nie należy. Wybierz jedną z nich.
error-puzzle-open = Masz już otwartą łamigłówkę. Dokończ ją (`/halma puzzle board` ją pokazuje) albo zakończ przez `/halma puzzle giveup`.
error-no-open-puzzle = Nie masz otwartej łamigłówki. Zacznij ją przez `/halma puzzle start` albo spróbuj dzisiejszej przez `/halma puzzle daily`.
error-puzzle-over = Ta łamigłówka jest zakończona. `/halma puzzle start` da ci następną.
error-no-daily-puzzle = Ten bot nie daje łamigłówki dnia. Zacznij własną przez `/halma puzzle start`.
error-par-not-ready = Par tej planszy, najlepsze przejście silnika, wciąż jest liczony. Spróbuj ponownie za minutę.
error-too-many-puzzles = Zacząłeś { $limit } łamigłówki w ciągu minuty. Odczekaj chwilę przed następną.
error-puzzles-busy = Właśnie powstaje wiele łamigłówek. Spróbuj ponownie za chwilę.
error-no-chain-puzzle = Tym razem nie znaleziono na tej planszy łamigłówki łańcuchowej wartej zadania. Spróbuj ponownie albo wybierz inną planszę.
puzzle-title-crossing = 🧩 **Twoja łamigłówka**: przejście na planszy { $variant }.
puzzle-title-chain = 🧩 **Twoja łamigłówka**: łańcuch na planszy { $variant }.
puzzle-title-daily-crossing = 🧩 **Łamigłówka dnia** ({ $day }): przejście na planszy { $variant }.
puzzle-title-daily-chain = 🧩 **Łamigłówka dnia** ({ $day }): łańcuch na planszy { $variant }.
puzzle-goal-crossing = Przenieś wszystkie swoje pionki ({ $colour }) z ich obozu do przeciwległego, krokami i skokami jak w partii; obowiązuje zasada obozu i nie ma przeciwnika. Par, najlepszy wynik silnika, to { $par }.
puzzle-goal-chain = Grasz kolorem: { $colour }. Znajdź ruch, który najbardziej zbliża twoje pionki do obozu docelowego: często to długi łańcuch skoków. Masz jedną próbę.
puzzle-progress = Dotąd: { $moves }, { $home } z { $total } pionków u celu.
puzzle-how = Graj przyciskiem Ruch albo przez `/halma move` na kanale bez twojej partii. `/halma puzzle giveup` kończy łamigłówkę.
puzzle-moved = Zagrałeś { $chain }.
puzzle-crossed-at-par = ✅ Przejście w { $moves }: dokładnie par!
puzzle-crossed-under-par = ✅ Przejście w { $moves }: o { $by } poniżej paru wynoszącego { $par }. Pokonałeś silnik!
puzzle-crossed-over-par = ✅ Przejście w { $moves }: o { $by } powyżej paru wynoszącego { $par }.
puzzle-chain-solved = ✅ Dobrze: { $chain } to najlepszy ruch (zysk { $gain }, w krokach ku obozowi docelowemu).
puzzle-chain-wrong = ❌ Nie najlepszy: zysk twojego ruchu to { $played }. Najlepszy był { $chain } (zysk { $gain }), zaznaczony na planszy.
puzzle-out-of-moves = ⌛ { $moves } bez zapełnienia obozu: to przejście jest zakończone.
puzzle-gave-up-chain = Poddałeś się. Najlepszy ruch to był { $chain }, zaznaczony na planszy.
puzzle-gave-up-crossing = Poddałeś się. Par tego przejścia to { $par }.
puzzle-rating = Ranking łamigłówek: { $before } → { $after }.
puzzle-streak = Dni rozwiązane z rzędu: { $current } (najdłuższa seria: { $longest }).
puzzle-daily-done = To była dzisiejsza łamigłówka; jutro przyjdzie nowa. `/halma puzzle leaderboard` pokazuje, jak poszło wszystkim.
puzzle-board-none = Nikt jeszcze nie poprosił o dzisiejszą łamigłówkę ({ $day }). Bądź pierwszy: `/halma puzzle daily`.
puzzle-board-crossing = **Łamigłówka dnia** ({ $day }): przejście na planszy { $variant }, par { $par }.
puzzle-board-chain = **Łamigłówka dnia** ({ $day }): łańcuch na planszy { $variant }.
puzzle-board-empty = Nikt jej jeszcze nie ukończył.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · ranking { $rating } · seria { $streak }
puzzle-result-solved = rozwiązana
puzzle-result-gave-up = poddana
puzzle-result-failed = nierozwiązana
puzzle-announce-crossing = 🧩 Jest **łamigłówka dnia** ({ $day }): przejście na planszy { $variant }, par { $par }. Spróbuj przez `/halma puzzle daily`: tylko ty widzisz swoją próbę, a `/halma puzzle leaderboard` pokazuje, jak poszło wszystkim.
puzzle-announce-chain = 🧩 Jest **łamigłówka dnia** ({ $day }): łańcuch na planszy { $variant }. Spróbuj przez `/halma puzzle daily`: tylko ty widzisz swoją próbę, a `/halma puzzle leaderboard` pokazuje, jak poszło wszystkim.
count-days =
    { $n ->
        [one] { $n } dzień
        [few] { $n } dni
        [many] { $n } dni
       *[other] { $n } dnia
    }
cmd-halma-puzzle = Łamigłówki: przejście lub łańcuch dla ciebie albo łamigłówka dnia serwera
cmd-halma-puzzle-start = Zacznij własną łamigłówkę (widzisz ją tylko ty)
cmd-halma-puzzle-daily = Dzisiejsza łamigłówka, ta sama dla całego serwera (swoją widzisz tylko ty)
cmd-halma-puzzle-board = Pokaż ponownie swoją otwartą łamigłówkę
cmd-halma-puzzle-giveup = Poddaj swoją otwartą łamigłówkę
cmd-halma-puzzle-leaderboard = Jak członkom serwera poszła dzisiejsza łamigłówka
opt-halma-puzzle-start-kind = crossing (zapełnić przeciwległy obóz w niewielu ruchach) lub chain (znaleźć najlepszy ruch)
opt-halma-puzzle-start-variant = Plansza: star2, small, ig10 lub standard (domyślnie: star2)
name-command-puzzle = łamigłówka
name-command-daily = dnia
name-command-giveup = poddaj
name-option-kind = rodzaj
choice-kind-crossing = przejście (crossing)
choice-kind-chain = łańcuch (chain)
