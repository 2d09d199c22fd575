### Hrvatski tekstovi bota (the bot's Croatian texts): the ids and variables of `en/main.ftl`.
### Izvorni govornici dobrodošli su ispraviti ovaj prijevod.
### Native speakers are welcome to correct this translation.

## Odbijanja.
error-internal = Nešto je pošlo po zlu kod nas. Zabilježeno je; pokušaj ponovno.
error-challenge-yourself = Ne možeš izazvati samoga sebe. Odaberi drugog igrača.
error-challenge-bot = Botovi ovdje ne mogu igrati Halmu. Izazovi osobu.
error-channel-busy = U ovom se kanalu već igra partija. Završi je ili započni svoju u drugom kanalu.
error-unknown-variant = Ne postoji varijanta '{ $text }'. Odaberi jednu od: { $variants }.
error-no-parking-off-the-star = `no_parking` je opcija zvijezde (`star2`, `star3`, `star4`, `star6`): { $variant } nema krakova u kojima bi se parkiralo. Izostavi je ili odaberi varijantu zvijezde.
error-bad-timeout = '{ $text }' nije vrijeme za potez. Napiši broj s jedinicom, npr. 10m, 12h ili 3d.
error-timeout-out-of-range = Vrijeme za potez '{ $text }' nije dopušteno: mora biti između 1 minute i 7 dana.
error-no-such-challenge = Ovaj izazov ne postoji (više).
error-not-challenged = Samo <@{ $user }> može odgovoriti na ovaj izazov.
error-not-challenger = Samo <@{ $user }>, koji je uputio izazov, može ga povući.
error-challenge-expired = Ovaj je izazov istekao. Zatraži novi.
error-challenge-accepted = Ovaj je izazov već prihvaćen.
error-challenge-declined = Ovaj je izazov već odbijen.
error-challenge-withdrawn = Ovaj je izazov povučen.
error-no-game = U ovom se kanalu ne igra nijedna partija. Započni je izazovom ili pronađi partije servera s `/halma games`.
error-not-a-player = Ne igraš u partiji ovog kanala.
error-not-your-turn = Nisi na potezu: na potezu je <@{ $user }>.
error-game-over = Partija u ovom kanalu je završena.
error-time-up = Isteklo ti je vrijeme za ovaj potez; partija se završava zbog isteka vremena.
error-square-empty = Nije zadano polje. Napiši polje, npr. e12.
error-square-bad-file = '{ $text }' nije polje: mora početi slovom stupca a–p (a–q na zvijezdi), npr. e12.
error-square-bad-rank = '{ $text }' nije polje: iza slova mora doći broj retka 1–16 (1–17 na zvijezdi), npr. e12.
error-missing-destination = Reci kamo ide figura: polje poput g10 ili cijeli niz skokova poput g10 g12 e14.
error-position-changed = Pozicija se promijenila dok si igrao potez. Pogledaj ploču ponovno.
error-abort-too-late = Igrači mogu prekinuti partiju samo u prvom krugu, prije nego što su svi odigrali potez. Predaj se ili zamoli moderatora.
error-draw-already-offered = Već nudiš remi; protivnik ga prihvaća tako da i sam ponudi remi.

## Nedopušteni potezi.
illegal-not-your-turn = Nisi na potezu.
illegal-off-board = { $square } nije na ovoj ploči: njezini stupci idu od a do { $last_file }, a redci od 1 do { $last_rank }.
illegal-off-board-star = { $square } nije rupa zvijezde: redak { $rank } ide od { $first } do { $last }.
illegal-empty-square = Na polju { $square } nema figure.
illegal-not-your-piece = Figura na polju { $square } nije tvoja.
illegal-same-square = Potez mora završiti na drugom polju, a ne na { $square }.
illegal-same-square-star = Potez mora završiti u drugoj rupi, a ne u { $square }.
illegal-ends-in-foreign-point = U ovoj partiji nijedan potez ne smije završiti na { $square }: to je krak zvijezde koji nije ni tvoj dom ni tvoj cilj.
illegal-occupied = Polje { $square } je zauzeto.
illegal-unreachable = Do { $to } se iz { $from } ne može doći jednim korakom ni nizom skokova.
illegal-leaves-target-camp = Figura u svom ciljnom taboru ne smije ga napustiti ({ $from } na { $to }).
illegal-leaves-target-point = Figura u svom ciljnom kraku ne smije ga napustiti ({ $from } na { $to }).
illegal-not-a-hop = { $from } na { $to } nije skok: skok preskače jednu susjednu figuru u ravnoj crti.
illegal-nothing-to-hop-over = Na polju { $over } nema figure koju bi se preskočilo iz { $from }.
illegal-revisits = Niz skokova dvaput staje na polje { $square }.
illegal-cannot-pass = Ne možeš preskočiti potez dok imaš mogući potez.
illegal-cannot-remove = Samo se partije s tri ili više igrača (bez timova) nastavljaju bez igrača.

## Izazovi.
challenge-sent = <@{ $challenger }> izaziva <@{ $opponent }> na partiju varijante { $variant }, { $timeout } po potezu. <@{ $opponent }>, prihvati ili odbij u roku od 10 minuta.
challenge-accepted = <@{ $opponent }> je prihvatio izazov.
challenge-declined = <@{ $opponent }> je odbio izazov.
challenge-withdrawn = <@{ $challenger }> je povukao izazov.
challenge-expired = Izazov za <@{ $opponent }> je istekao.

## Partije.
game-your-move = <@{ $user }>, tvoj potez.
game-move-played = <@{ $user }> je odigrao { $chain }.
game-passed = <@{ $user }> nema mogućeg poteza i preskače.
game-end-completed = <@{ $winner }> je doveo sve figure u cilj i pobjeđuje!
game-end-anti-spoiling = <@{ $winner }> pobjeđuje: ciljni tabor je pun i u njemu su njegove figure.
game-end-anti-spoiling-star = <@{ $winner }> pobjeđuje: ciljni krak je pun i u njemu su njegove figure.
game-end-resigned = <@{ $loser }> se predao. <@{ $winner }> pobjeđuje.
game-end-timeout = <@{ $loser }> je ostao bez vremena. <@{ $winner }> pobjeđuje.
game-end-balance = Oba su igrača završila (pravilo izjednačenja): partija je remi.
game-end-ply-limit = Dosegnuto je ograničenje broja poteza: partija je remi.
game-end-no-moves = Nitko ne može povući potez: partija je remi.
game-end-last-player = Svi ostali su izašli: <@{ $winner }> pobjeđuje!
game-end-no-people-left = U partiji je ostao samo bot pa ona ovdje završava, neriješeno među mjestima bota.
game-end-agreement = Remi dogovoren.
game-unrated-early = Bez rejtinga: partija je završila prije nego što su svi igrači odigrali potez.
game-aborted = <@{ $user }> je prekinuo partiju. Ne ulazi u rejting.
draw-offered = <@{ $user }> nudi remi. Ponudi i ti remi da ga prihvatiš; svaki potez ga odbija.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, prošla je polovica tvog vremena za potez: preostalo je { $left }.
leaderboard-empty = Ovdje još nitko nije odigrao rejting partiju varijante { $variant }.

## Poruke Discord sloja i lokalnog načina.
button-accept = Prihvati
button-decline = Odbij
button-withdraw = Povuci
button-accept-draw = Prihvati remi
button-rematch = Revanš
challenge-anti-spoiling = Pravilo protiv blokiranja je uključeno: puni ciljni kamp s tvojim figurama također pobjeđuje.
challenge-anti-spoiling-star = Pravilo protiv blokiranja je uključeno: puni ciljni krak s tvojim figurama također pobjeđuje.
challenge-no-parking = Zabrana parkiranja je uključena: nijedan potez ne smije završiti u kraku koji nije ni dom ni cilj igrača na potezu.
colour-a = narančasti
colour-b = plavi
colour-c = zeleni
colour-d = ljubičasti
colour-e = žuti
colour-f = crveni
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" protiv "}
game-time-left = Preostalo vrijeme: { $left }.
game-aborted-short = Partija je prekinuta.
board-header = { $variant }: { $players }. Odigrano poteza: { $ply }.
board-last-move = Zadnji potez: <@{ $user }> je odigrao { $chain }.
board-to-move = Na potezu je <@{ $user }>.
history-header = { $variant }, { $moves }:
replay-header = Snimka partije varijante { $variant } ({ $moves }).
replay-sampled = Partija je preduga da bi se prikazao svaki potez. Prikazanih pozicija: { $frames }, među njima početna i završna.
leaderboard-header = **Ljestvica: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } P, { $losses } I, { $draws } R)
stats-header = **Statistika za <@{ $user }>**
stats-no-games = Još nema rejting partija.
stats-row = { $variant }: { $rating }, { $rank }. mjesto ({ $games }: { $wins } P, { $losses } I, { $draws } R)
count-moves =
    { $n ->
        [one] { $n } potez
        [few] { $n } poteza
       *[other] { $n } poteza
    }
count-games =
    { $n ->
        [one] { $n } partija
        [few] { $n } partije
       *[other] { $n } partija
    }
stats-current-game = Igra { $variant } u <#{ $channel }>.
rules-summary = **Halma.** Dovedi sve svoje figure u kamp u suprotnom kutu. U svakom potezu pomakni jednu figuru: korak na susjedno prazno polje (8 smjerova) ili jedan ili više skokova preko susjedne figure na prazno polje iza nje (bez uzimanja; stani kad želiš). Figura koja je stigla u ciljni kamp ne smije ga napustiti. Potezi: `/halma move from:m3 to:k5` (ili niz `to:k5 m7`). Varijante:
rules-variant = • `{ $name }`: { $side }×{ $side }, { $players } igrača, po { $pieces } figura
rules-star = **Kineska dama (`star2` do `star6`).** Isti potezi na šesterokrakoj zvijezdi sa 121 rupom: koraci i skokovi u 6 smjerova, a figure dovodiš u krak nasuprot svojemu.
rules-variant-star = • `{ $name }`: zvijezda, { $players } igrača, po { $pieces } figura

## Opisi naredbi i opcija (najviše 100 znakova).
cmd-halma = Igraj Halmu u ovom kanalu
cmd-halma-challenge = Izazovi člana na partiju Halme
cmd-halma-move = Pomakni figuru: korak ili skokovi do krajnjeg polja
cmd-halma-board = Prikaži trenutnu ploču
cmd-halma-resign = Predaj partiju
cmd-halma-draw = Ponudi remi ili prihvati ponuđeni
cmd-halma-history = Dosadašnji potezi i zapis pozicije
cmd-halma-leaderboard = Najbolji igrači ovog servera
cmd-halma-stats = Rejting, rezultati i trenutne partije člana
cmd-halma-replay = Partija kao animirani GIF
cmd-halma-rules = Kako se igra i koje su varijante
cmd-halma-abort = Prekini partiju bez rejtinga (moderatori, ili igrači prije nego što svi odigraju)
opt-halma-challenge-opponent = Protiv koga igraš
opt-halma-challenge-variant = Ploča i kampovi (zadano: standard 16×16)
opt-halma-challenge-first = Tko igra prvi (zadano: slučajno)
opt-halma-challenge-anti-spoiling = Puni ciljni kamp s tvojim figurama također pobjeđuje (zadano: isključeno)
opt-halma-challenge-no-parking = Samo zvijezda: nijedan potez ne završava u kraku koji nije tvoj dom ni cilj (zadano: isključeno)
opt-halma-challenge-turn-timeout = Vrijeme po potezu, npr. 10m, 12h ili 3d (zadano: 24h)
opt-halma-move-from = Polje figure koju pomičeš, npr. m3
opt-halma-move-to = Kamo ide, npr. k5, ili svako polje doskoka: k5 m7
opt-halma-leaderboard-variant = Koja varijanta (zadano: standard)
opt-halma-stats-player = Čija statistika (zadano: tvoja)

## Partije protiv bota i savjeti.
error-unknown-level = Nema razine '{ $text }'. Odaberi jednu od: { $levels }.
error-level-needs-bot = Razina vrijedi samo za partije protiv bota. Izazovi samog bota ili izostavi razinu.
error-no-hints-left = Iskoristio si svih { $limit } savjeta u ovoj partiji. Sretno!
error-bot-busy = Bot već razmišlja koliko može za tebe ili ovaj server. Pokušaj ponovno za minutu.
error-slow-down = Malo uspori: poslao si mnogo naredbi u nekoliko sekundi. Pokušaj ponovno za trenutak.
ai-thinking = <@{ $bot }> igra prvi i razmišlja…
game-bot-thinking = <@{ $bot }> razmišlja…
hint-move = Savjet: { $chain }. Preostalo savjeta u ovoj partiji: { $left }.
stats-ai-row = Protiv bota ({ $level }): { $wins } P, { $losses } I, { $draws } R
history-hints = Uzeti savjeti: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Predloži ti potez (3 po partiji, vidiš ga samo ti)
opt-halma-challenge-level = Snaga bota kad izazoveš bota (zadano: medium)

## Added for robustness (issue 10).
error-unknown-button = Ovaj gumb više ne vrijedi.
error-old-button = Ovaj gumb pripada ranijoj partiji. Upiši `/halma board` da vidiš trenutnu.
error-challenge-pending = Već si izazvao <@{ $user }> u ovom kanalu. Pričekaj odgovor ili najprije povuci taj izazov.
error-too-many-challenges = Već imaš { $limit } izazova koji čekaju odgovor na ovom serveru. Pričekaj odgovor ili najprije povuci jedan.
error-server-challenges-full = Ovaj server već ima { $limit } izazova koji čekaju odgovor. Pokušaj ponovno kad neki dobiju odgovor.
error-too-many-threads = U zadnjih sat vremena otvorio si onoliko niti za partije koliko je dopušteno (ograničenje: { $limit }). Igraj u jednoj od njih ili izazovi izravno u kanalu.
error-server-threads-full = Na ovom serveru u zadnjih sat vremena otvoreno je onoliko niti za partije koliko je dopušteno (ograničenje: { $limit }). Pokušaj kasnije ili izazovi izravno u kanalu.
list-more = …i još { $count }.

## Partije troje i četvero igrača i timske partije dok se igraju (issue 12).
error-left-game = Izašao si iz ove partije pa u njoj više ne možeš igrati, nuditi remi ni predati se.
game-left-resigned = <@{ $user }> se predao i izlazi iz partije; njegove figure se uklanjaju s ploče.
game-left-timeout = <@{ $user }> je ostao bez vremena i izlazi iz partije; njegove figure se uklanjaju s ploče.
game-end-completed-team = <@{ $winner }> i <@{ $partner }> doveli su sve figure u cilj i pobjeđuju!
game-end-anti-spoiling-team = <@{ $winner }> i <@{ $partner }> pobjeđuju: ciljni tabori su im puni i u njima su njihove figure.
game-end-resigned-team = Tim <@{ $loser }> i <@{ $loser_partner }> se predao. <@{ $winner }> i <@{ $partner }> pobjeđuju.
game-end-timeout-team = Tim <@{ $loser }> i <@{ $loser_partner }> ostao je bez vremena. <@{ $winner }> i <@{ $partner }> pobjeđuju.
game-ranking = Konačni poredak: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, izašao)
error-draw-already-offered-all = Već nudiš remi; prihvaćen je kad ga ponude i svi ostali igrači koji su još u partiji.
draw-offered-all = <@{ $user }> nudi remi. Prihvaćen je kad ga ponude svi igrači koji su još u partiji: { $users }, ponudite i vi remi da ga prihvatite; svaki potez ga odbija.
error-challenge-in-channel = U ovom kanalu izazov koji je poslao <@{ $user }> čeka odgovore, a kanal okuplja igrače za samo jednu partiju odjednom. Ako si pozvan, prihvati ga ili odbij; inače pričekaj da bude odgovoren ili da istekne (najviše 10 minuta), ili igraj u drugom kanalu.
history-left = { $seat } izlazi iz partije

## The move picker, the server's settings, the list of games and threads (issue 14).
button-move = Potez
button-watch = Gledaj
button-standings = Poredak
button-play-in-discord = Igraj u Discordu
button-back = Natrag
picker-pieces = Odaberi figuru za potez; označene figure se mogu pomaknuti.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Odaberi figuru
picker-destinations = Figura na { $square } može na { $destinations }, označena na ploči. Odaberi jedno ili se vrati.
picker-placeholder-destination = Odaberi kamo ide
picker-more = još… ({ $count } dalje)
picker-stale = Pozicija se promijenila otkad je ovaj izbornik otvoren. Pogledaj ploču ponovno.
picker-stale-fresh = Pozicija se promijenila otkad je ovaj izbornik otvoren; evo novog.
picker-played = Odigrao si { $chain }.
count-destinations =
    { $n ->
        [one] { $n } polje
        [few] { $n } polja
       *[other] { $n } polja
    }
games-header = **Partije na ovom serveru** ({ $count }):
games-none = Na ovom se serveru ne igra nijedna partija. Započni je s `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = <@{ $user }> je na potezu
games-turn-left = <@{ $user }> je na potezu, preostalo { $left }
games-board-link = {" "}· [ploča]({ $link })
cmd-halma-games = Partije koje se igraju na ovom serveru
error-needs-manage-server = Postavke Halme ovog servera mogu vidjeti i mijenjati samo članovi koji upravljaju serverom.
error-channel-not-allowed = Na ovom se serveru partije ne igraju u ovom kanalu. Izazovi u jednom od: { $channels }.
error-too-many-game-channels = Partije može primati najviše { $limit } kanala. Najprije ukloni jedan ili dopusti sve kanale.
error-unknown-language = Nema jezika '{ $text }'. Odaberi jedan od: en, hr, de, fr, es-ES, pt-BR, pl, ru ili auto (jezik servera).
settings-header = **Postavke Halme ovog servera**
settings-variant = Zadana varijanta: { $variant }
settings-turn-timeout = Zadano vrijeme za potez: { $timeout }
settings-default = { $value } (zadano u botu)
settings-channels-all = Kanali za partije: svi
settings-channels = Kanali za partije: { $channels }
settings-language-auto = Jezik podsjetnika i poraza na vrijeme: { $language } (jezik servera)
settings-language = Jezik podsjetnika i poraza na vrijeme: { $language }
settings-web-on = Javna web stranica: uključena, na /server/{ $server }
settings-web-off = Javna web stranica: isključena
language-en = engleski
language-hr = hrvatski
language-de = njemački
language-fr = francuski
language-es = španjolski
language-pt-br = brazilski portugalski
language-pl = poljski
language-ru = ruski
cmd-halma-settings = Pokaži ili promijeni postavke Halme ovog servera (upravljanje serverom)
opt-halma-settings-variant = Varijanta izazova koji je ne navode
opt-halma-settings-turn-timeout = Vrijeme za potez izazova koji ga ne navode, npr. 12h
opt-halma-settings-allow-channel = Dopusti partije u ovom kanalu (tada samo u navedenima)
opt-halma-settings-remove-channel = Ukloni ovaj kanal s popisa kanala za partije
opt-halma-settings-all-channels = Ponovno dopusti partije u svim kanalima
opt-halma-settings-language = Jezik podsjetnika i poraza na vrijeme (auto: jezik servera)
opt-halma-settings-web = Prikaži ljestvice i partije servera na javnoj web stranici (zadano isključeno)
thread-opened = Izazov je u vlastitoj niti: <#{ $thread }>.
opt-halma-challenge-thread = Igraj u novoj javnoj niti nazvanoj po igračima (zadano: ne)

## Partije za troje i četvero: pozivi više članova, otvorena predvorja, početak.
error-wrong-opponent-count-one = { $variant } je partija za dvoje: navedi samo `opponent`.
error-wrong-opponent-count =
    { $needed ->
        [one] Za { $variant } treba { $needed } protivnik. Navedi ga u `opponent`.
        [few] Za { $variant } trebaju { $needed } protivnika. Navedi ih u `opponent`, `opponent2` … `opponent5`.
       *[other] Za { $variant } treba { $needed } protivnika. Navedi ih u `opponent`, `opponent2` … `opponent5`.
    }
error-duplicate-opponent = <@{ $user }> je naveden dvaput. Navedi svakog igrača jednom.
error-not-invited = Nisi pozvan u ovu partiju.
error-already-accepted = Već si prihvatio. Partija počinje kad svi prihvate.
error-no-such-lobby = Ovo predvorje ne postoji (više).
error-lobby-started = Partija ovog predvorja je već počela.
error-lobby-closed = Ovo je predvorje zatvoreno. Otvori novo s `/halma open`.
error-lobby-open = <@{ $user }> ima otvoreno predvorje u ovom kanalu, a kanal okuplja igrače za samo jednu partiju odjednom. Pridruži mu se ili pričekaj da počne ili se zatvori.
error-already-in-lobby = Već si u ovom predvorju.
error-not-in-lobby = Nisi u ovom predvorju.
error-lobby-full = Sva su mjesta u ovom predvorju zauzeta.
error-not-host = To može samo <@{ $user }>, koji je otvorio predvorje.
error-lobby-not-full =
    { $players ->
        [few] Za partiju { $variant } trebaju { $players } igrača, a pridružilo ih se { $joined }. Pričekaj još ili dodaj bota.
       *[other] Za partiju { $variant } treba { $players } igrača, a pridružilo ih se { $joined }. Pričekaj još ili dodaj bota.
    }
error-ai-needs-several-players = Bot popunjava mjesta samo u partijama za troje ili više. Za partiju u dvoje izazovi samog bota.
error-replays-busy = Upravo se crta mnogo snimki. Pokušaj ponovno za minutu.
invite-sent = <@{ $challenger }> poziva { $invitees } na partiju varijante { $variant }, { $timeout } po potezu. Svi moraju prihvatiti u roku od 10 minuta.
invite-accepted = Prihvatili: { $users }.
invite-waiting = Čeka se: { $users }.
invite-declined = <@{ $user }> je odbio: partija varijante { $variant } otpada.
invite-expired = Poziv na partiju varijante { $variant } je istekao: nisu svi prihvatili na vrijeme.
invite-withdrawn = <@{ $user }> je povukao poziv na partiju varijante { $variant }.
invite-and = {" i "}
lobby-open = <@{ $host }> otvara partiju varijante { $variant }, { $timeout } po potezu. Klikni Pridruži se: partija počinje čim se popune sva mjesta ({ $players }). Predvorje se zatvara za 30 minuta.
lobby-seats-in-order = Mjesta idu redom pridruživanja.
lobby-seats-random = Mjesta se izvlače ždrijebom.
lobby-members = Igrači ({ $joined }/{ $players }): { $users }.
lobby-full = Sva su mjesta zauzeta: <@{ $host }> može pokrenuti partiju gumbom Počni kad se kanal oslobodi.
lobby-closed = <@{ $host }> je zatvorio predvorje za partiju varijante { $variant }.
lobby-expired = Predvorje za partiju varijante { $variant } je isteklo prije nego što su se popunila sva mjesta.
lobby-bot = <@{ $user }> ({ $level })
button-join = Pridruži se
button-leave = Odustani
button-start = Počni
button-add-ai = Dodaj bota ({ $level })
start-header = Partija varijante { $variant } počinje!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, razina { $level }
start-team = Tim { $team }: { $seats }
start-not-rated = U ovoj partiji igra bot, pa se ne boduje.
start-first = Prvi igra <@{ $user }>.
cmd-halma-open = Otvori predvorje kojem se može pridružiti svatko u kanalu
opt-halma-challenge-opponent2 = Drugi protivnik, za partiju u troje ili više
opt-halma-challenge-opponent3 = Treći protivnik, za partiju u četvero ili šestero
opt-halma-challenge-opponent4 = Četvrti protivnik, za partiju u šestero (star6)
opt-halma-challenge-opponent5 = Peti protivnik, za partiju u šestero (star6)
opt-halma-open-variant = Ploča i broj igrača (zadano: four)
opt-halma-open-turn-timeout = Vrijeme po potezu, npr. 10m, 12h ili 3d (zadano: 24h)
opt-halma-open-anti-spoiling = Puni ciljni kamp s tvojim figurama također pobjeđuje (zadano: isključeno)
opt-halma-open-no-parking = Samo zvijezda: nijedan potez ne završava u kraku koji nije tvoj dom ni cilj (zadano: isključeno)
opt-halma-open-seats = Mjesta redom pridruživanja ili ždrijebom (zadano: join-order)
opt-halma-open-level = Snaga botova koje dodaješ (zadano: medium)

## Vremena, npr. "1d 2h 30m": svaki dio, spojeni razmacima.
duration-days = { $n }d
duration-hours = { $n }h
duration-minutes = { $n }m
duration-seconds = { $n }s

## Stranice uživo u pregledniku (stranica partije, stranica servera) i ono što pišu njihove skripte.
## Skripte popunjavaju { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } i { $time }.
page-to-move = { $name } je na potezu
page-in-progress = U tijeku
page-won = Pobjednik: { $names }
page-drawn = Neriješeno
page-aborted = Prekinuto
page-and = {" i "}
page-reason-completed = sve figure u cilju
page-reason-anti-spoiling = ciljni tabor je pun (pravilo protiv blokiranja)
page-reason-resigned = predajom
page-reason-timeout = istekom vremena
page-reason-balance = oba su završila (pravilo izjednačenja)
page-reason-ply-limit = dosegnuto je ograničenje broja poteza
page-reason-no-moves = nitko ne može povući potez
page-reason-agreement = dogovorom
page-reason-aborted = prekinuto
page-reason-last-player = ostao je samo jedan igrač
page-reason-no-people-left = ostao je samo bot
page-bot = Halma bot
page-player = Igrač { $seat }
page-member = Član
page-tag-bot = bot
page-tag-left = otišao
page-tag-winner = pobjednik
page-tag-to-move = na potezu
page-ply = Potez { $n } od { $total }: { $name }, { $move }
page-start = Početni položaj; odigranih poteza: { $total }
page-pass = preskače
page-clock = { $name }: preostalo { $time }
page-reconnecting = Ponovno povezivanje…
page-disconnected = Veza je prekinuta: ponovno učitaj stranicu da bi pratio partiju.
page-needs-script = Ploča uživo treba JavaScript.
page-board = Ploča
page-steps = Prolazak kroz partiju
page-first = Početni položaj
page-previous = Potez natrag
page-slider = Prikazani potez
page-next = Potez naprijed
page-last = Trenutni položaj
page-games-now = Partije u tijeku
page-no-games = Trenutno se ne igra nijedna partija.
page-column-player = Igrač
page-column-rating = Rejting
page-column-games = Partije
page-not-found = Nije pronađeno
page-no-such-game = Ta partija ne postoji. Možda je poveznica pogrešno upisana ili stranice više nema.
page-no-such-server = Ta stranica servera ne postoji. Možda je poveznica pogrešno upisana ili je server isključio svoju stranicu.
page-no-such-page = Ta stranica ne postoji. Možda je poveznica pogrešno upisana ili stranice više nema.
page-no-such-tournament = Ta stranica turnira ne postoji. Možda je poveznica pogrešno upisana ili turnira više nema.
page-tournaments = Turniri
page-tournament-swiss = Švicarski turnir · { $variant }
page-tournament-arena = Arena · { $variant }
page-tournament-starts = Počinje u { $time }.
page-tournament-round = Kolo { $round } od { $rounds }.
page-tournament-under-way = U tijeku.
page-tournament-ends = Završava u { $time }.
page-tournament-finished = Završen.
page-tournament-cancelled = Otkazan.
page-tournament-no-players = Još nema igrača.
page-tournament-withdrew = povukao se
page-column-points = Bodovi
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn-Berger
page-column-streak = Niz

## Imena naredbe, podnaredbi i opcija (mala slova, bez razmaka, najviše 32 znaka) i izbora u opcijama (najviše 100).
name-command-halma = halma
name-command-challenge = izazov
name-command-move = potez
name-command-board = ploča
name-command-resign = predaja
name-command-draw = remi
name-command-history = povijest
name-command-leaderboard = ljestvica
name-command-stats = statistika
name-command-replay = snimka
name-command-rules = pravila
name-command-abort = prekid
name-command-hint = savjet
name-command-games = partije
name-command-settings = postavke
name-command-open = otvori
name-option-opponent = protivnik
name-option-opponent2 = protivnik2
name-option-opponent3 = protivnik3
name-option-opponent4 = protivnik4
name-option-opponent5 = protivnik5
name-option-variant = varijanta
name-option-first = prvi
name-option-anti-spoiling = protiv_blokiranja
name-option-no-parking = bez_parkiranja
name-option-turn-timeout = vrijeme_poteza
name-option-level = razina
name-option-thread = nit
name-option-from = odakle
name-option-to = kamo
name-option-player = igrač
name-option-seats = mjesta
name-option-allow-channel = dopusti_kanal
name-option-remove-channel = ukloni_kanal
name-option-all-channels = svi_kanali
name-option-language = jezik
name-option-web = web
choice-variant-standard = standardna (16×16, dvoje)
choice-variant-three = troje (16×16)
choice-variant-four = četvero (16×16)
choice-variant-four-teams = četvero u parovima
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = mala (8×8)
choice-variant-star2 = zvijezda u dvoje (star2)
choice-variant-star3 = zvijezda u troje (star3)
choice-variant-star4 = zvijezda u četvero (star4)
choice-variant-star6 = zvijezda u šestero (star6)
choice-first-me = ja
choice-first-opponent = protivnik
choice-first-random = nasumično
choice-level-easy = lako
choice-level-medium = srednje
choice-level-hard = teško
choice-seats-join-order = redom prijave
choice-seats-random = ždrijebom
choice-language-auto = auto (jezik servera)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = uključi
choice-web-off = isključi

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` prima on ili off, a ne '{ $text }'. Odaberi vrijednost s popisa ili izostavi opciju da vidiš svoju postavku.
notify-on = Privatne poruke: uključene. Pišem ti kad si na potezu u partiji u kojoj je vrijeme za potez { $min } ili više, i još jednom kad prođe polovica tvog vremena.
notify-refused = Ako Discord odbije poruku (privatne poruke su ti zatvorene), i dalje te obavještava spominjanje u kanalu partije, a ja prestajem pokušavati na { $pause }.
notify-paused = Discord je odbio moju zadnju poruku: ponovno pokušavam za { $left } ili odmah ako ponovno uključiš privatne poruke.
notify-off = Privatne poruke: isključene. Spominjanje u kanalu partije javlja ti kad si na potezu; `/halma notify dm:on` dodaje i privatnu poruku.
notify-choice-on = on: privatna poruka kad sam na potezu
notify-choice-off = off: samo spominjanje u kanalu
dm-your-move = Na potezu si u partiji { $variant } (preostalo je { $left }): { $link }
dm-half-time = Prošla je polovica tvog vremena za potez (preostalo je { $left }): { $link }
count-hours =
    { $n ->
        [one] { $n } sat
        [few] { $n } sata
       *[other] { $n } sati
    }
cmd-halma-notify = Privatna poruka kad si na potezu (partije sa satom ili više po potezu)
opt-halma-notify-dm = on ili off (izostavi da vidiš svoju postavku)
name-command-notify = obavijesti
name-option-dm = privatna_poruka

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Povezivanje s Discordom…
activity-error-title = Igra se ne može prikazati
activity-error-outside = Ova stranica radi unutar Discorda: pokreni je kao aktivnost u kanalu.
activity-error-authorize = Discord te nije prijavio.
activity-error-sign-in = Prijava nije uspjela.
activity-error-network = Poslužitelj nije dostupan.
activity-error-generic = Nešto je pošlo po zlu. Pokušaj ponovno.
activity-error-closed = Veza s igrom je prekinuta.
activity-error-replaced = Ova ploča otvorena je u drugom prozoru; ovdje se zaustavlja.
activity-unnamed = Netko
activity-retry = Pokušaj ponovno
activity-reconnecting = Ponovno povezivanje…
activity-board = Ploča
activity-no-game = U ovom kanalu nema igre.
activity-start-hint = Pokreni je: igraj protiv bota ili izazovi nekoga tko je ovdje.
activity-play-bot = Igraj protiv bota
activity-members = Sada ovdje
activity-no-members = Ovdje još nema nikoga drugog.
activity-challenge = Izazovi
activity-challenge-sent = Izazov je poslan.
activity-your-turn = Ti si na potezu
activity-to-move = { $name } je na potezu
activity-waiting = Čeka se { $name }
activity-watching = Gledaš.
activity-not-your-turn = Nisi na potezu.
activity-pick-piece = Odaberi jednu svoju figuru.
activity-pick-destination = Odaberi označeno polje.
activity-confirm-move = Dodirni ponovno za potez { $move }.
activity-piece-stuck = Ta figura se ne može pomaknuti.
activity-not-your-piece = To nije tvoja figura.
activity-in-progress = U tijeku
activity-won = Pobjednik: { $name }
activity-drawn = Neriješeno
activity-aborted = Prekinuto
activity-clock = { $name }: preostalo { $time }
activity-last-move = Zadnji potez: { $move }
activity-you = ti
activity-bot = bot
activity-left = otišao
activity-winner = pobjednik
activity-resign = Predaj se
activity-resign-confirm = Predati ovu igru?
activity-cancel = Odustani
activity-draw-offer = Ponudi neriješeno
activity-draw-accept = Prihvati neriješeno
activity-draw-offered = Neriješeno ponuđeno
activity-draw-offered-by = { $name } nudi neriješeno.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = Strelice pomiču fokus po ploči. Enter ili razmaknica odabire figuru, a zatim polje na koje ide; Escape poništava odabir.
a11y-board-watch = Strelice pomiču fokus po ploči; svako polje kaže što je na njemu.
a11y-square-empty = { $square }, prazno
a11y-square-piece = { $square }, { $seat ->
        [a] narančasta
        [b] plava
        [c] zelena
        [d] ljubičasta
        [e] žuta
       *[f] crvena
    } figura
a11y-movable = { $label }, može se pomaknuti
a11y-picked = { $label }, odabrana
a11y-destination = { $label }, odredište
a11y-picked-piece = Odabrana je figura na polju { $square }. Može na polja: { $squares }.
a11y-pick-cancelled = Nijedna figura nije odabrana.
a11y-move = { $name }: { $move }
a11y-pass = { $name } preskače potez.
a11y-moves-log = Potezi kako se igraju

## Turniri (zadatak 34): večeri po švicarskom sustavu u kanalu, svaka partija u svojoj niti.
error-not-organizer = Turnire mogu organizirati samo članovi koji upravljaju serverom ili imaju njegovu turnirsku ulogu. Zamoli moderatora.
error-tournament-in-thread = Turnir se vodi u kanalu, ne u niti: njegove partije dobivaju vlastite niti. Koristi sam kanal.
error-arena-rounds = Arena nema kola: traje koliko kaže `duration`. Izostavi `rounds`.
error-swiss-duration = Turnir po švicarskom sustavu ima kola, a ne `duration`. Izostavi `duration` ili odaberi `format:arena`.
error-bad-duration = '{ $text }' nije trajanje. Napiši broj s jedinicom, npr. 60m ili 1h30m.
error-duration-out-of-range = Arena traje od { $min } do { $max }. Odaberi `duration` između toga.
error-arena-only = Samo arena ima red čekanja koji se može pauzirati. Za prestanak igre u turniru po švicarskom sustavu koristi `/halma tournament withdraw`.
error-bad-tournament-name = Turnir treba ime duljine od 1 do { $limit } znakova.
error-tournament-variant = Turniri se igraju na varijantama za dva igrača (standard, ig10, small, star2); { $variant } nije među njima. Odaberi jednu od njih.
error-bad-rounds = Turnir ima između 1 i { $max } kola. Izostavi `rounds` pa će ih biti ⌈log₂ broja igrača⌉, najmanje 3.
error-bad-starts-in = '{ $text }' nije vrijeme do početka. Napiši broj s jedinicom, između 1 minute i 7 dana, npr. 30m ili 2h.
error-server-tournaments-full = Na ovom serveru već se { $limit } turnira okuplja ili igra. Pričekaj da jedan od njih završi.
error-tournament-in-channel = U ovom kanalu već se jedan turnir okuplja ili igra. Organiziraj svoj u drugom kanalu.
error-no-tournament = U ovom kanalu nema turnira. Organizator ga može napraviti s `/halma tournament create`.
error-tournament-started = Ovaj turnir je počeo, pa su prijave i odjave zatvorene. Tko želi prestati, koristi `/halma tournament withdraw`.
error-tournament-not-started = Ovaj turnir još nije počeo: napusti ga s `/halma tournament leave`.
error-tournament-over = Ovaj turnir je završio ili je otkazan.
error-already-in-tournament = Već si u ovom turniru.
error-not-in-tournament = Ne igraš u ovom turniru.
error-already-withdrawn = Već si se povukao iz ovog turnira.
error-tournament-full = Ovaj turnir je pun: prima najviše { $limit } igrača.
error-too-few-players = Za početak turnira potrebna su barem 2 igrača, a prijavljenih je { $joined }. Pričekaj još igrača.
error-not-tournament-organizer = To može samo <@{ $user }>, organizator ovog turnira, ili član koji upravlja serverom.
error-tournament-game-abort = Igrači ne mogu prekinuti turnirsku partiju. Predaj se ili zamoli moderatora.
tournament-created = Tvoj turnir **{ $name }** je napravljen; njegova najava je u ovom kanalu. Članovi se prijavljuju njezinim gumbom Pridruži se ili s `/halma tournament join`.
tournament-joined = Prijavljen si na turnir **{ $name }** (broj igrača: { $players }). Počinje { $start }; tvoje partije bit će u nitima ovog kanala.
tournament-left = Napustio si turnir **{ $name }**.
tournament-withdrawn = Povukao si se iz turnira **{ $name }**: partiju u tijeku si izgubio i više nećeš dobivati parove.
tournament-started = Turnir **{ $name }** je počeo: prvo kolo se upravo sparuje.
tournament-cancelled = Turnir **{ $name }** je otkazan. Partije u tijeku nastavljaju se kao obične partije.
tournament-announce = 🏆 **{ $name }**: turnir po švicarskom sustavu u varijanti { $variant }, { $timeout } po potezu, organizira <@{ $organizer }>.
tournament-rounds = Kola: { $rounds }.
tournament-rounds-default = Kola: ⌈log₂ broja igrača⌉, najmanje 3, određuje se na početku.
tournament-starts = Počinje { $start }. Prijavi se gumbom ispod; prijave se zatvaraju na početku.
tournament-running = U tijeku: kolo { $round } od { $rounds }. Prijave su zatvorene.
tournament-finished = Završeno: postolje i konačni poredak su ispod.
tournament-called-off = Otkazano.
tournament-no-players = Još nema igrača.
tournament-players = Igrači ({ $count }/{ $limit }):
tournament-round = **{ $name }**, kolo { $round } od { $rounds }. Svaka partija ima svoju nit; prvi navedeni igrač igra prvi.
tournament-pairing = { $board }. <@{ $first }> – <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> – <@{ $second }>
tournament-bye = Slobodan: <@{ $user }> ne igra u ovom kolu i dobiva bod.
tournament-standings = **Poredak turnira { $name }**, kolo { $round } od { $rounds }:
tournament-standings-before = **Poredak turnira { $name }**: još nije odigrano nijedno kolo.
tournament-standings-legend = Bodovi, zatim Buchholz (Bh, bodovi protivnika), zatim Sonneborn-Berger (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } bod. · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } bod. · Bh { $buchholz } · SB { $sb } · { $games } (povukao se)
tournament-podium = 🏁 Turnir **{ $name }** je završio! Postolje:
tournament-podium-place = { $medal } <@{ $user }>, { $points } bod.
tournament-podium-thanks = Hvala na igri! `/halma tournament standings` prikazuje cijelu tablicu.
tournament-arena-started = Arena **{ $name }** je počela i završava { $end }: prve partije se upravo sparuju.
tournament-paused = Izašao si iz reda čekanja arene **{ $name }**: partija u tijeku se nastavlja, a novu ne dobivaš dok ponovno ne pokreneš `/halma tournament pause`.
tournament-resumed = Vratio si se u red čekanja arene **{ $name }**: za nekoliko sekundi dobit ćeš par.
tournament-arena-announce = 🏆 **{ $name }**: arena u varijanti { $variant }, { $timeout } po potezu, traje { $duration }, organizira <@{ $organizer }>.
tournament-arena-rules = Tko završi partiju, za nekoliko sekundi dobiva novi par: slobodnog igrača s najbližim brojem bodova. Pobjeda donosi 2, remi 1; nakon dvije pobjede zaredom svaka pobjeda vrijedi dvostruko 🔥 sve dok neka partija ne završi bez pobjede. `/halma tournament pause` za predah.
tournament-arena-running = U tijeku do { $end }; pred sam kraj nove partije ne počinju. Prijave su zatvorene.
tournament-arena-games = **{ $name }**: nove partije. Svaka ima svoju nit; prvi navedeni igrač igra prvi.
tournament-arena-standings = **Poredak arene { $name }**, traje do { $end }:
tournament-arena-standings-before = **Poredak arene { $name }**: arena još nije počela.
tournament-arena-standings-over = **Poredak arene { $name }**, konačni:
tournament-arena-legend = Pobjeda 2, remi 1, poraz 0; 🔥 nakon dvije pobjede zaredom sljedeća pobjeda vrijedi 4. Pri jednakom broju bodova odlučuje izvedba.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } bod. · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } bod. · { $games } (povukao se)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = pauza
stats-tournaments = Turniri: odigrano { $played }, najbolje mjesto: { $place }.
stats-tournaments-unplaced = Turniri: odigrano { $played }.
settings-tournament-role = Uloga koja smije organizirati turnire: <@&{ $role }>
settings-tournament-role-none = Uloga koja smije organizirati turnire: nijedna (mogu članovi koji upravljaju serverom)
cmd-halma-tournament = Turnir u ovom kanalu: švicarski sustav ili arena
cmd-halma-tournament-create = Napravi turnir u ovom kanalu (upravljanje serverom ili turnirska uloga)
cmd-halma-tournament-join = Prijavi se na turnir ovog kanala prije početka
cmd-halma-tournament-leave = Napusti turnir ovog kanala prije početka
cmd-halma-tournament-withdraw = Povuci se iz turnira ovog kanala: partiju u tijeku gubiš
cmd-halma-tournament-start = Pokreni turnir ovog kanala odmah (njegov organizator)
cmd-halma-tournament-standings = Poredak turnira ovog kanala
cmd-halma-tournament-cancel = Otkaži turnir ovog kanala (njegov organizator ili upravljanje serverom)
cmd-halma-tournament-pause = Izađi nakratko iz reda čekanja arene ovog kanala ili se vrati u njega
opt-halma-tournament-create-name = Ime turnira
opt-halma-tournament-create-format = Kako se igrači sparuju: swiss (kola, zadano) ili arena (zadano vrijeme)
opt-halma-tournament-create-variant = Ploča za dvoje: standard, ig10, small ili star2 (zadano: standard)
opt-halma-tournament-create-turn-timeout = Vrijeme po potezu u svakoj partiji, npr. 5m ili 12h (zadano: 24h; arena: 1m)
opt-halma-tournament-create-rounds = Broj kola (zadano: ⌈log₂ broja igrača⌉, najmanje 3)
opt-halma-tournament-create-duration = Trajanje arene, npr. 60m ili 1h30m (zadano: 60m)
opt-halma-tournament-create-starts-in = Kada sam počinje, npr. 30m ili 2h (zadano: 15m)
opt-halma-settings-tournament-role = Uloga čiji članovi smiju organizirati turnire
name-command-tournament = turnir
name-command-create = napravi
name-command-join = prijavi
name-command-leave = napusti
name-command-withdraw = povuci
name-command-start = pokreni
name-command-standings = poredak
name-command-cancel = otkaži
name-command-pause = pauza
name-option-name = ime
name-option-format = format
name-option-rounds = kola
name-option-starts-in = počinje_za
name-option-duration = trajanje
name-option-tournament-role = turnirska_uloga
choice-format-swiss = švicarski sustav (swiss)
choice-format-arena = arena (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = Nema zagonetke imena '{ $text }'. Odaberi crossing ili chain.
error-no-puzzle-board = Zagonetke se igraju na pločama za dvoje (star2, small, ig10, standard); { $variant } nije jedna od njih. Odaberi jednu od njih.
error-puzzle-open = Već imaš otvorenu zagonetku. Riješi je (`/halma puzzle board` je prikazuje) ili je završi s `/halma puzzle giveup`.
error-no-open-puzzle = Nemaš otvorenu zagonetku. Započni je s `/halma puzzle start` ili pokušaj današnju s `/halma puzzle daily`.
error-puzzle-over = Ova je zagonetka završena. `/halma puzzle start` daje ti novu.
error-no-daily-puzzle = Ovaj bot ne daje dnevnu zagonetku. Započni svoju s `/halma puzzle start`.
error-par-not-ready = Par ove ploče, najbolji prelazak stroja, još se računa. Pokušaj ponovno za minutu.
error-too-many-puzzles = Započeo si { $limit } zagonetke unutar minute. Pričekaj malo prije sljedeće.
error-puzzles-busy = Upravo se slaže mnogo zagonetki. Pokušaj ponovno za trenutak.
error-no-chain-puzzle = Ovaj put na ovoj ploči nije pronađena lančana zagonetka vrijedna zadavanja. Pokušaj ponovno ili odaberi drugu ploču.
puzzle-title-crossing = 🧩 **Tvoja zagonetka**: prelazak na ploči { $variant }.
puzzle-title-chain = 🧩 **Tvoja zagonetka**: lanac na ploči { $variant }.
puzzle-title-daily-crossing = 🧩 **Zagonetka dana** ({ $day }): prelazak na ploči { $variant }.
puzzle-title-daily-chain = 🧩 **Zagonetka dana** ({ $day }): lanac na ploči { $variant }.
puzzle-goal-crossing = Prebaci sve svoje figure ({ $colour }) iz njihova tabora u suprotni, koracima i skokovima kao u partiji; vrijedi pravilo tabora i nema protivnika. Par, najbolje što je stroj našao, iznosi { $par }.
puzzle-goal-chain = Igraš bojom: { $colour }. Nađi potez koji tvoje figure najviše približava ciljnom taboru: često dug lanac skokova. Imaš jedan pokušaj.
puzzle-progress = Dosad: { $moves }, { $home } od { $total } figura na cilju.
puzzle-how = Igraj gumbom Potez ili naredbom `/halma move` u kanalu bez tvoje partije. `/halma puzzle giveup` je završava.
puzzle-moved = Odigrao si { $chain }.
puzzle-crossed-at-par = ✅ Prelazak u { $moves }: točno par!
puzzle-crossed-under-par = ✅ Prelazak u { $moves }: { $by } ispod para od { $par }. Pobijedio si stroj!
puzzle-crossed-over-par = ✅ Prelazak u { $moves }: { $by } iznad para od { $par }.
puzzle-chain-solved = ✅ Točno: { $chain } je najbolji potez (dobitak { $gain }, u koracima prema ciljnom taboru).
puzzle-chain-wrong = ❌ Nije najbolji: dobitak tvog poteza je { $played }. Najbolji je bio { $chain } (dobitak { $gain }), označen na ploči.
puzzle-out-of-moves = ⌛ { $moves } bez popunjena tabora: ovaj je prelazak završen.
puzzle-gave-up-chain = Odustao si. Najbolji potez bio je { $chain }, označen na ploči.
puzzle-gave-up-crossing = Odustao si. Par ovog prelaska iznosi { $par }.
puzzle-rating = Rejting zagonetki: { $before } → { $after }.
puzzle-streak = Dana riješeno zaredom: { $current } (najdulji niz: { $longest }).
puzzle-daily-done = To je bila današnja zagonetka; sutra stiže nova. `/halma puzzle leaderboard` pokazuje kako je prošao svatko.
puzzle-board-none = Današnju zagonetku ({ $day }) još nitko nije zatražio. Budi prvi: `/halma puzzle daily`.
puzzle-board-crossing = **Zagonetka dana** ({ $day }): prelazak na ploči { $variant }, par { $par }.
puzzle-board-chain = **Zagonetka dana** ({ $day }): lanac na ploči { $variant }.
puzzle-board-empty = Još ju nitko nije završio.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · rejting { $rating } · niz { $streak }
puzzle-result-solved = riješeno
puzzle-result-gave-up = odustao
puzzle-result-failed = nije riješeno
puzzle-announce-crossing = 🧩 Stigla je **zagonetka dana** ({ $day }): prelazak na ploči { $variant }, par { $par }. Pokušaj s `/halma puzzle daily`: svoj pokušaj vidiš samo ti, a `/halma puzzle leaderboard` pokazuje kako je prošao svatko.
puzzle-announce-chain = 🧩 Stigla je **zagonetka dana** ({ $day }): lanac na ploči { $variant }. Pokušaj s `/halma puzzle daily`: svoj pokušaj vidiš samo ti, a `/halma puzzle leaderboard` pokazuje kako je prošao svatko.
count-days =
    { $n ->
        [one] { $n } dan
        [few] { $n } dana
       *[other] { $n } dana
    }
cmd-halma-puzzle = Zagonetke: prelazak ili lanac za tebe, ili dnevna zagonetka poslužitelja
cmd-halma-puzzle-start = Započni svoju zagonetku (vidiš je samo ti)
cmd-halma-puzzle-daily = Današnja zagonetka, ista za cijeli poslužitelj (svoju vidiš samo ti)
cmd-halma-puzzle-board = Ponovno prikaži svoju otvorenu zagonetku
cmd-halma-puzzle-giveup = Odustani od svoje otvorene zagonetke
cmd-halma-puzzle-leaderboard = Kako su članovi poslužitelja prošli s današnjom zagonetkom
opt-halma-puzzle-start-kind = crossing (popuniti suprotni tabor u malo poteza) ili chain (naći najbolji potez)
opt-halma-puzzle-start-variant = Ploča: star2, small, ig10 ili standard (zadano: star2)
name-command-puzzle = zagonetka
name-command-daily = dnevna
name-command-giveup = odustani
name-option-kind = vrsta
choice-kind-crossing = prelazak (crossing)
choice-kind-chain = lanac (chain)
