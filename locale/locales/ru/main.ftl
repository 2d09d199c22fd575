### Русские тексты бота (the bot's Russian texts): the ids and variables of `en/main.ftl`.
### `<@{ $user }>` — упоминание в Discord, `<#{ $channel }>` — канал; оставляйте их как есть.
### Носители языка, поправляйте этот перевод — мы будем рады.
### Native speakers are welcome to correct this translation.

## Отказы.
error-internal = У нас что-то пошло не так. Ошибка записана; попробуй ещё раз.
error-challenge-yourself = Нельзя вызвать самого себя. Выбери другого игрока.
error-challenge-bot = Боты здесь не играют в Хальму. Вызови человека.
error-channel-busy = В этом канале уже идёт партия. Доиграй её или начни свою в другом канале.
error-unknown-variant = Варианта '{ $text }' нет. Выбери один из: { $variants }.
error-no-parking-off-the-star = `no_parking` — опция звезды (`star2`, `star3`, `star4`, `star6`): в { $variant } нет лучей, где можно парковаться. Убери её или выбери вариант звезды.
error-bad-timeout = '{ $text }' — это не время на ход. Напиши число с единицей, например 10m, 12h или 3d.
error-timeout-out-of-range = Время на ход '{ $text }' вне допустимых пределов: от 1 минуты до 7 дней.
error-no-such-challenge = Такого вызова нет (больше нет).
error-not-challenged = Ответить на этот вызов может только <@{ $user }>.
error-not-challenger = Отозвать этот вызов может только его автор, <@{ $user }>.
error-challenge-expired = Срок этого вызова истёк. Попроси новый.
error-challenge-accepted = Этот вызов уже принят.
error-challenge-declined = Этот вызов уже отклонён.
error-challenge-withdrawn = Этот вызов отозван.
error-no-game = В этом канале не идёт ни одной партии. Начни её вызовом или найди партии сервера через `/halma games`.
error-not-a-player = Ты не играешь в партии этого канала.
error-not-your-turn = Сейчас не твой ход: ходит <@{ $user }>.
error-game-over = Партия в этом канале закончена.
error-time-up = Твоё время на этот ход вышло; партия завершается по времени.
error-square-empty = Поле не указано. Напиши поле, например e12.
error-square-bad-file = '{ $text }' — не поле: оно должно начинаться с буквы вертикали a–p (a–q на звезде), например e12.
error-square-bad-rank = '{ $text }' — не поле: после буквы должен идти номер горизонтали 1–16 (1–17 на звезде), например e12.
error-missing-destination = Укажи, куда идёт фишка: поле, например g10, или целую цепочку, например g10 g12 e14.
error-position-changed = Позиция изменилась, пока ты ходил. Посмотри на доску ещё раз.
error-abort-too-late = Игроки могут прервать партию только в первом круге, пока не походили все. Лучше сдайся или обратись к модератору.
error-draw-already-offered = Ты уже предлагаешь ничью; соперник примет её, если тоже предложит ничью.

## Недопустимые ходы.
illegal-not-your-turn = Сейчас не твой ход.
illegal-off-board = Поля { $square } нет на этой доске: её вертикали идут от a до { $last_file }, а горизонтали от 1 до { $last_rank }.
illegal-off-board-star = { $square } — не лунка звезды: горизонталь { $rank } идёт от { $first } до { $last }.
illegal-empty-square = На { $square } нет фишки.
illegal-not-your-piece = Фишка на { $square } не твоя.
illegal-same-square = Ход должен закончиться на другом поле, а не на { $square }.
illegal-same-square-star = Ход должен закончиться в другой лунке, а не в { $square }.
illegal-ends-in-foreign-point = В этой партии ни один ход не может закончиться на { $square }: это луч звезды, который не ваш дом и не ваша цель.
illegal-occupied = Поле { $square } занято.
illegal-unreachable = С { $from } до { $to } нельзя дойти ни одним шагом, ни цепочкой прыжков.
illegal-leaves-target-camp = Фишка в своём целевом лагере не может его покинуть ({ $from } на { $to }).
illegal-leaves-target-point = Фишка в своём целевом луче не может его покинуть ({ $from } на { $to }).
illegal-not-a-hop = { $from } на { $to } — не прыжок: прыжок идёт по прямой через одну соседнюю фишку.
illegal-nothing-to-hop-over = На { $over } нет фишки, через которую можно прыгнуть с { $from }.
illegal-revisits = Цепочка дважды попадает на { $square }.
illegal-cannot-pass = Нельзя пропустить ход, пока у тебя есть ход.
illegal-cannot-remove = Без игрока продолжаются только партии на троих и больше (не командные).

## Вызовы.
challenge-sent = <@{ $challenger }> вызывает <@{ $opponent }> на партию { $variant }, { $timeout } на ход. <@{ $opponent }>, прими или отклони вызов в течение 10 минут.
challenge-accepted = <@{ $opponent }> принимает вызов.
challenge-declined = <@{ $opponent }> отклоняет вызов.
challenge-withdrawn = <@{ $challenger }> отзывает вызов.
challenge-expired = Срок вызова для <@{ $opponent }> истёк.

## Партии.
game-your-move = <@{ $user }>, твой ход.
game-move-played = <@{ $user }> сыграл { $chain }.
game-passed = У <@{ $user }> нет ходов, ход пропущен.
game-end-completed = <@{ $winner }> привёл все фишки домой и побеждает!
game-end-anti-spoiling = <@{ $winner }> побеждает: целевой лагерь заполнен, и в нём есть его фишки.
game-end-anti-spoiling-star = <@{ $winner }> побеждает: целевой луч заполнен, и в нём есть его фишки.
game-end-resigned = <@{ $loser }> сдался. Побеждает <@{ $winner }>.
game-end-timeout = У <@{ $loser }> вышло время. Побеждает <@{ $winner }>.
game-end-balance = Оба игрока завершили (правило уравнивания): ничья.
game-end-ply-limit = Достигнут лимит ходов: ничья.
game-end-no-moves = Никто не может ходить: ничья.
game-end-last-player = Все остальные вышли: побеждает <@{ $winner }>!
game-end-no-people-left = Остался только бот, поэтому партия заканчивается здесь вничью между местами бота.
game-end-agreement = Ничья по соглашению.
game-unrated-early = Без рейтинга: партия закончилась раньше, чем все игроки сделали ход.
game-aborted = <@{ $user }> прервал партию. Она не идёт в рейтинг.
draw-offered = <@{ $user }> предлагает ничью. Чтобы принять, тоже предложи ничью; любой ход её отклоняет.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, половина твоего времени на ход прошла: осталось { $left }.
leaderboard-empty = Здесь ещё никто не сыграл рейтинговую партию { $variant }.

## Слой Discord и локальный режим.
button-accept = Принять
button-decline = Отклонить
button-withdraw = Отозвать
button-accept-draw = Принять ничью
button-rematch = Реванш
challenge-anti-spoiling = Правило против блокировки включено: заполненный целевой лагерь с твоими фишками тоже приносит победу.
challenge-anti-spoiling-star = Правило против блокировки включено: заполненный целевой луч с твоими фишками тоже приносит победу.
challenge-no-parking = Запрет парковки включён: ни один ход не может закончиться в луче, который не дом и не цель ходящего.
colour-a = оранжевый
colour-b = синий
colour-c = зелёный
colour-d = фиолетовый
colour-e = жёлтый
colour-f = красный
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" против "}
game-time-left = Осталось времени: { $left }.
game-aborted-short = Партия прервана.
board-header = { $variant }: { $players }. Сыграно ходов: { $ply }.
board-last-move = Последний ход: <@{ $user }> сыграл { $chain }.
board-to-move = Ходит <@{ $user }>.
history-header = { $variant }, { $moves }:
replay-header = Запись партии { $variant } ({ $moves }).
replay-sampled = Партия слишком длинная, чтобы показать каждый ход. Показано позиций: { $frames }, среди них начальная и конечная.
leaderboard-header = **Рейтинг: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } В, { $losses } П, { $draws } Н)
stats-header = **Статистика <@{ $user }>**
stats-no-games = Рейтинговых партий пока нет.
stats-row = { $variant }: { $rating }, место { $rank } ({ $games }: { $wins } В, { $losses } П, { $draws } Н)
count-moves =
    { $n ->
        [one] { $n } ход
        [few] { $n } хода
        [many] { $n } ходов
       *[other] { $n } хода
    }
count-games =
    { $n ->
        [one] { $n } партия
        [few] { $n } партии
        [many] { $n } партий
       *[other] { $n } партии
    }
stats-current-game = Играет { $variant } в <#{ $channel }>.
rules-summary = **Хальма.** Приведи все свои фишки в лагерь в противоположном углу. За ход двигай одну фишку: шаг на соседнее пустое поле (8 направлений) или один либо несколько прыжков через соседнюю фишку на пустое поле за ней (без взятия; остановиться можно когда угодно). Фишка, дошедшая до своего целевого лагеря, не может его покинуть. Ходы: `/halma move from:m3 to:k5` (или цепочка `to:k5 m7`). Варианты:
rules-variant = • `{ $name }`: { $side }×{ $side }, игроков: { $players }, фишек у каждого: { $pieces }
rules-star = **Китайские шашки (`star2`–`star6`).** Те же ходы на шестиконечной звезде из 121 лунки: шаги и прыжки в 6 направлениях, а фишки нужно привести в луч напротив своего.
rules-variant-star = • `{ $name }`: звезда, игроков: { $players }, фишек у каждого: { $pieces }

## Описания команд и параметров (не длиннее 100 символов).
cmd-halma = Играть в Хальму в этом канале
cmd-halma-challenge = Вызвать участника на партию в Хальму
cmd-halma-move = Сходить фишкой: шаг или прыжки до конечного поля
cmd-halma-board = Показать текущую доску
cmd-halma-resign = Сдать партию
cmd-halma-draw = Предложить ничью или принять предложенную
cmd-halma-history = Ходы партии и запись позиции
cmd-halma-leaderboard = Лучшие игроки этого сервера
cmd-halma-stats = Рейтинги, результаты и текущие партии участника
cmd-halma-replay = Партия в виде анимированного GIF
cmd-halma-rules = Как играть и какие есть варианты
cmd-halma-abort = Завершить партию без рейтинга (модераторы или игроки, пока не походили все)
opt-halma-challenge-opponent = С кем играть
opt-halma-challenge-variant = Доска и лагеря (по умолчанию: standard 16×16)
opt-halma-challenge-first = Кто ходит первым (по умолчанию: случайно)
opt-halma-challenge-anti-spoiling = Заполненный целевой лагерь с твоими фишками тоже побеждает (по умолчанию: нет)
opt-halma-challenge-no-parking = Только звезда: ход не может закончиться в луче, который не твой дом и не цель (по умолчанию: нет)
opt-halma-challenge-turn-timeout = Время на ход, например 10m, 12h или 3d (по умолчанию: 24h)
opt-halma-move-from = Поле фишки, которой ходишь, например m3
opt-halma-move-to = Куда она идёт, например k5, или каждое поле приземления: k5 m7
opt-halma-leaderboard-variant = Какой вариант (по умолчанию: standard)
opt-halma-stats-player = Чья статистика (по умолчанию: твоя)

## Партии против бота и подсказки.
error-unknown-level = Уровня '{ $text }' нет. Выбери один из: { $levels }.
error-level-needs-bot = Уровень бывает только в партиях против бота. Вызови самого бота или не указывай уровень.
error-no-hints-left = Ты использовал все подсказки этой партии (лимит: { $limit }). Удачи!
error-bot-busy = Бот уже думает столько, сколько может, для тебя или этого сервера. Попробуй ещё раз через минуту.
error-slow-down = Помедленнее: ты отправил много команд за несколько секунд. Попробуй ещё раз чуть позже.
ai-thinking = <@{ $bot }> ходит первым и думает…
game-bot-thinking = <@{ $bot }> думает…
hint-move = Подсказка: { $chain }. Осталось подсказок в этой партии: { $left }.
stats-ai-row = Против бота ({ $level }): { $wins } В, { $losses } П, { $draws } Н
history-hints = Взято подсказок: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Подсказать тебе ход (3 за партию, видишь только ты)
opt-halma-challenge-level = Сила бота, если ты вызываешь бота (по умолчанию: medium)

## Надёжность.
error-unknown-button = Эта кнопка больше не действует.
error-old-button = Эта кнопка от прошлой партии. Набери `/halma board`, чтобы увидеть текущую.
error-challenge-pending = Ты уже вызвал <@{ $user }> в этом канале. Дождись ответа или сначала отзови тот вызов.
error-too-many-challenges = У тебя уже есть вызовы, ждущие ответа на этом сервере (лимит: { $limit }). Дождись ответа или сначала отзови один.
error-server-challenges-full = На этом сервере уже есть вызовы, ждущие ответа (лимит: { $limit }). Попробуй снова, когда на некоторые ответят.
error-too-many-threads = За последний час ты открыл столько веток для партий, сколько можно (лимит: { $limit }). Играй в одной из них или бросай вызов прямо в канале.
error-server-threads-full = На этом сервере за последний час открыто столько веток для партий, сколько можно (лимит: { $limit }). Попробуй позже или бросай вызов прямо в канале.
list-more = …и ещё { $count }.

## Партии на троих и на четверых, командные партии.
error-left-game = Ты вышел из этой партии и больше не можешь в ней ходить, предлагать ничью или сдаваться.
game-left-resigned = <@{ $user }> сдался и выходит из партии; его фишки убраны с доски.
game-left-timeout = У <@{ $user }> вышло время, и он выходит из партии; его фишки убраны с доски.
game-end-completed-team = <@{ $winner }> и <@{ $partner }> привели все фишки домой и побеждают!
game-end-anti-spoiling-team = <@{ $winner }> и <@{ $partner }> побеждают: их целевые лагеря заполнены, и в них их фишки.
game-end-resigned-team = Команда <@{ $loser }> и <@{ $loser_partner }> сдалась. Побеждают <@{ $winner }> и <@{ $partner }>.
game-end-timeout-team = У команды <@{ $loser }> и <@{ $loser_partner }> вышло время. Побеждают <@{ $winner }> и <@{ $partner }>.
game-ranking = Итоговые места: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, вышел)
error-draw-already-offered-all = Ты уже предлагаешь ничью; она будет принята, когда её предложат и все остальные игроки, ещё оставшиеся в партии.
draw-offered-all = <@{ $user }> предлагает ничью. Она будет принята, когда её предложат все игроки, ещё оставшиеся в партии: { $users }, чтобы принять, тоже предложите ничью; любой ход её отклоняет.
error-challenge-in-channel = В этом канале вызов от <@{ $user }> ждёт ответов, а канал собирает игроков только на одну партию за раз. Если тебя пригласили, прими или отклони вызов; иначе подожди, пока на него ответят или он истечёт (не больше 10 минут), или играй в другом канале.
history-left = { $seat } вышел из партии

## Выбор хода, настройки сервера, список партий и ветки.
button-move = Ход
button-watch = Смотреть
button-standings = Таблица
button-play-in-discord = Играть в Discord
button-back = Назад
picker-pieces = Выбери фишку для хода; отмеченные фишки могут ходить.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Выбери фишку
picker-destinations = Фишка с { $square } может пойти на { $destinations } — они отмечены на доске. Выбери одно или вернись назад.
picker-placeholder-destination = Выбери, куда она идёт
picker-more = ещё… (осталось { $count })
picker-stale = Позиция изменилась с тех пор, как открылся этот выбор. Посмотри на доску ещё раз.
picker-stale-fresh = Позиция изменилась с тех пор, как открылся этот выбор; вот новый.
picker-played = Ты сыграл { $chain }.
count-destinations =
    { $n ->
        [one] { $n } поле
        [few] { $n } поля
        [many] { $n } полей
       *[other] { $n } поля
    }
games-header = **Партии на этом сервере** ({ $count }):
games-none = На этом сервере не идёт ни одной партии. Начни её через `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = ходит <@{ $user }>
games-turn-left = ходит <@{ $user }>, осталось { $left }
games-board-link = {" "}· [доска]({ $link })
cmd-halma-games = Партии, которые идут на этом сервере
error-needs-manage-server = Видеть и менять настройки Хальмы этого сервера могут только участники с правом управлять сервером.
error-channel-not-allowed = На этом сервере в этом канале не играют. Вызывай в одном из: { $channels }.
error-too-many-game-channels = Партии можно проводить не более чем в { $limit } каналах. Сначала убери один или разреши все каналы.
error-unknown-language = Языка '{ $text }' нет. Выбери один из: en, hr, de, fr, es-ES, pt-BR, pl, ru или auto (язык сервера).
settings-header = **Настройки Хальмы на этом сервере**
settings-variant = Вариант по умолчанию: { $variant }
settings-turn-timeout = Время на ход по умолчанию: { $timeout }
settings-default = { $value } (по умолчанию у бота)
settings-channels-all = Каналы для партий: все
settings-channels = Каналы для партий: { $channels }
settings-language-auto = Язык напоминаний и поражений по времени: { $language } (язык сервера)
settings-language = Язык напоминаний и поражений по времени: { $language }
settings-web-on = Открытая веб-страница: включена, по адресу /server/{ $server }
settings-web-off = Открытая веб-страница: выключена
language-en = английский
language-hr = хорватский
language-de = немецкий
language-fr = французский
language-es = испанский
language-pt-br = бразильский португальский
language-pl = польский
language-ru = русский
cmd-halma-settings = Показать или изменить настройки Хальмы этого сервера (Управление сервером)
opt-halma-settings-variant = Вариант вызовов, в которых он не указан
opt-halma-settings-turn-timeout = Время на ход для вызовов, в которых оно не указано, например 12h
opt-halma-settings-allow-channel = Разрешить партии в этом канале (после этого — только в каналах из списка)
opt-halma-settings-remove-channel = Убрать этот канал из списка каналов для партий
opt-halma-settings-all-channels = Снова разрешить партии во всех каналах
opt-halma-settings-language = Язык напоминаний и поражений по времени (auto: язык сервера)
opt-halma-settings-web = Показывать рейтинги и партии сервера на открытой веб-странице (по умолчанию выключено)
thread-opened = У вызова своя ветка: <#{ $thread }>.
opt-halma-challenge-thread = Играть в новой публичной ветке с именами игроков (по умолчанию: нет)

## Партии на троих и на четверых: приглашения, открытые лобби, начало.
error-wrong-opponent-count-one = { $variant } — партия на двоих: укажи только `opponent`.
error-wrong-opponent-count =
    { $needed ->
        [one] Для { $variant } нужен { $needed } соперник: укажи его в `opponent`.
        [few] Для { $variant } нужны { $needed } соперника: укажи их в `opponent`, `opponent2` … `opponent5`.
       *[other] Для { $variant } нужно { $needed } соперников: укажи их в `opponent`, `opponent2` … `opponent5`.
    }
error-duplicate-opponent = <@{ $user }> указан дважды. Укажи каждого игрока один раз.
error-not-invited = Ты не приглашён в эту партию.
error-already-accepted = Ты уже принял приглашение. Партия начнётся, когда примут все.
error-no-such-lobby = Такого лобби нет (больше нет).
error-lobby-started = Партия этого лобби уже началась.
error-lobby-closed = Это лобби закрыто. Открой новое через `/halma open`.
error-lobby-open = У <@{ $user }> в этом канале открыто лобби, а канал собирает игроков только на одну партию за раз. Присоединяйся к нему или подожди, пока оно начнётся или закроется.
error-already-in-lobby = Ты уже в этом лобби.
error-not-in-lobby = Тебя нет в этом лобби.
error-lobby-full = Все места в этом лобби заняты.
error-not-host = Это может сделать только <@{ $user }>, открывший это лобби.
error-lobby-not-full = Для партии { $variant } нужно игроков: { $players }, а присоединилось: { $joined }. Подожди ещё или добавь бота.
error-ai-needs-several-players = Бот занимает места только в партиях на троих и больше. Для партии на двоих вызови самого бота.
error-replays-busy = Сейчас рисуется много записей. Попробуй ещё раз через минуту.
invite-sent = <@{ $challenger }> приглашает { $invitees } на партию { $variant }, { $timeout } на ход. Все должны принять приглашение в течение 10 минут.
invite-accepted = Приняли: { $users }.
invite-waiting = Ждём: { $users }.
invite-declined = <@{ $user }> отказался: партия { $variant } отменяется.
invite-expired = Срок приглашения на партию { $variant } истёк: не все приняли его вовремя.
invite-withdrawn = <@{ $user }> отозвал приглашение на партию { $variant }.
invite-and = {" и "}
lobby-open = <@{ $host }> открывает партию { $variant }, { $timeout } на ход. Нажми «Войти», чтобы играть: партия начнётся, как только будут заняты все места ({ $players }). Лобби закроется через 30 минут.
lobby-seats-in-order = Места занимают в порядке входа.
lobby-seats-random = Места разыгрываются по жребию.
lobby-members = Игроки ({ $joined }/{ $players }): { $users }.
lobby-full = Все места заняты: <@{ $host }> может начать партию кнопкой «Начать», когда канал освободится.
lobby-closed = <@{ $host }> закрыл лобби партии { $variant }.
lobby-expired = Срок лобби партии { $variant } истёк раньше, чем заняли все места.
lobby-bot = <@{ $user }> ({ $level })
button-join = Войти
button-leave = Выйти
button-start = Начать
button-add-ai = Добавить ИИ ({ $level })
start-header = Партия { $variant } начинается!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, уровень { $level }
start-team = Команда { $team }: { $seats }
start-not-rated = В этой партии играет бот, поэтому она не идёт в рейтинг.
start-first = Первым ходит <@{ $user }>.
cmd-halma-open = Открыть лобби, в которое может войти любой в канале
opt-halma-challenge-opponent2 = Второй соперник, для партии на троих и больше
opt-halma-challenge-opponent3 = Третий соперник, для партии на четверых или шестерых
opt-halma-challenge-opponent4 = Четвёртый соперник, для партии на шестерых (star6)
opt-halma-challenge-opponent5 = Пятый соперник, для партии на шестерых (star6)
opt-halma-open-variant = Доска и игроки (по умолчанию: four)
opt-halma-open-turn-timeout = Время на ход, например 10m, 12h или 3d (по умолчанию: 24h)
opt-halma-open-anti-spoiling = Заполненный целевой лагерь с твоими фишками тоже побеждает (по умолчанию: нет)
opt-halma-open-no-parking = Только звезда: ход не может закончиться в луче, который не твой дом и не цель (по умолчанию: нет)
opt-halma-open-seats = Места в порядке входа или по жребию (по умолчанию: join-order)
opt-halma-open-level = Сила добавляемых ботов (по умолчанию: medium)

## Время, например «1 д 2 ч 30 мин»: каждая часть, через пробел.
duration-days = { $n } д
duration-hours = { $n } ч
duration-minutes = { $n } мин
duration-seconds = { $n } с

## Живые страницы в браузере (страница партии, страница сервера) и то, что пишут их скрипты.
## Скрипты подставляют { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } и { $time }.
page-to-move = Ходит { $name }
page-in-progress = Идёт
page-won = Победа: { $names }
page-drawn = Ничья
page-aborted = Прервана
page-and = {" и "}
page-reason-completed = все фишки дома
page-reason-anti-spoiling = целевой лагерь заполнен (против блокировки)
page-reason-resigned = сдача
page-reason-timeout = по времени
page-reason-balance = оба завершили (правило уравнивания)
page-reason-ply-limit = достигнут лимит ходов
page-reason-no-moves = никто не может ходить
page-reason-agreement = по соглашению
page-reason-aborted = прервана
page-reason-last-player = остался один игрок
page-reason-no-people-left = остался только бот
page-bot = Бот Halma
page-player = Игрок { $seat }
page-member = Участник
page-tag-bot = бот
page-tag-left = выбыл
page-tag-winner = победитель
page-tag-to-move = ходит
page-ply = Ход { $n } из { $total }: { $name }, { $move }
page-start = Начальная позиция; сыграно ходов: { $total }
page-pass = пас
page-clock = { $name }: осталось { $time }
page-reconnecting = Переподключение…
page-disconnected = Соединение потеряно: перезагрузите страницу, чтобы следить за партией.
page-needs-script = Живой доске нужен JavaScript.
page-board = Доска
page-steps = Просмотр партии по ходам
page-first = Начальная позиция
page-previous = На ход назад
page-slider = Показанный ход
page-next = На ход вперёд
page-last = Текущая позиция
page-games-now = Идущие партии
page-no-games = Сейчас не идёт ни одной партии.
page-column-player = Игрок
page-column-rating = Рейтинг
page-column-games = Партии
page-not-found = Не найдено
page-no-such-game = Такой партии нет. Возможно, в ссылке ошибка или страницы больше нет.
page-no-such-server = Такой страницы сервера нет. Возможно, в ссылке ошибка или сервер отключил свою страницу.
page-no-such-page = Такой страницы нет. Возможно, в ссылке ошибка или страницы больше нет.
page-no-such-tournament = Такой страницы турнира нет. Возможно, в ссылке ошибка или турнира больше нет.
page-tournaments = Турниры
page-tournament-swiss = Турнир по швейцарской системе · { $variant }
page-tournament-arena = Арена · { $variant }
page-tournament-starts = Начало в { $time }.
page-tournament-round = Тур { $round } из { $rounds }.
page-tournament-under-way = Идёт.
page-tournament-ends = Конец в { $time }.
page-tournament-finished = Завершён.
page-tournament-cancelled = Отменён.
page-tournament-no-players = Игроков пока нет.
page-tournament-withdrew = выбыл
page-column-points = Очки
page-column-buchholz = Бухгольц
page-column-sonneborn-berger = Зонненборн — Бергер
page-column-streak = Серия

## Названия команды, подкоманд и параметров (строчные буквы, без пробелов, не больше 32 символов) и вариантов выбора (не больше 100).
name-command-halma = halma
name-command-challenge = вызов
name-command-move = ход
name-command-board = доска
name-command-resign = сдаться
name-command-draw = ничья
name-command-history = история
name-command-leaderboard = рейтинг
name-command-stats = статистика
name-command-replay = повтор
name-command-rules = правила
name-command-abort = отменить
name-command-hint = подсказка
name-command-games = партии
name-command-settings = настройки
name-command-open = открыть
name-option-opponent = соперник
name-option-opponent2 = соперник2
name-option-opponent3 = соперник3
name-option-opponent4 = соперник4
name-option-opponent5 = соперник5
name-option-variant = вариант
name-option-first = первый
name-option-anti-spoiling = против_блокировки
name-option-no-parking = без_парковки
name-option-turn-timeout = время_хода
name-option-level = уровень
name-option-thread = ветка
name-option-from = откуда
name-option-to = куда
name-option-player = игрок
name-option-seats = места
name-option-allow-channel = разрешить_канал
name-option-remove-channel = убрать_канал
name-option-all-channels = все_каналы
name-option-language = язык
name-option-web = web
choice-variant-standard = стандарт (16×16, двое)
choice-variant-three = трое (16×16)
choice-variant-four = четверо (16×16)
choice-variant-four-teams = четверо парами
choice-variant-ig10 = ig10 (10×10)
choice-variant-small = малая (8×8)
choice-variant-star2 = звезда на двоих (star2)
choice-variant-star3 = звезда на троих (star3)
choice-variant-star4 = звезда на четверых (star4)
choice-variant-star6 = звезда на шестерых (star6)
choice-first-me = я
choice-first-opponent = соперник
choice-first-random = случайно
choice-level-easy = лёгкий
choice-level-medium = средний
choice-level-hard = сложный
choice-seats-join-order = по порядку входа
choice-seats-random = по жребию
choice-language-auto = авто (язык сервера)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = включить
choice-web-off = выключить

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` принимает on или off, а не '{ $text }'. Выбери значение из списка или не указывай его, чтобы увидеть свою настройку.
notify-on = Личные сообщения: включены. Я пишу тебе, когда твой ход в партии, где на ход даётся { $min } или больше, и ещё раз, когда пройдёт половина твоего времени.
notify-refused = Если Discord отклонит сообщение (у тебя закрыты личные сообщения), тебя по-прежнему позовёт упоминание в канале партии, а я перестану пытаться на { $pause }.
notify-paused = Discord отклонил моё последнее сообщение: попробую снова через { $left } или сразу, если ты снова включишь личные сообщения.
notify-off = Личные сообщения: выключены. О твоём ходе сообщит упоминание в канале партии; `/halma notify dm:on` добавит личное сообщение.
notify-choice-on = on: личное сообщение, когда мой ход
notify-choice-off = off: только упоминание в канале
dm-your-move = Твой ход в партии { $variant } (осталось { $left }): { $link }
dm-half-time = Прошла половина твоего времени на ход (осталось { $left }): { $link }
count-hours =
    { $n ->
        [one] { $n } час
        [few] { $n } часа
        [many] { $n } часов
       *[other] { $n } часа
    }
cmd-halma-notify = Личное сообщение, когда твой ход (партии с часом или больше на ход)
opt-halma-notify-dm = on или off (не указывай, чтобы увидеть свою настройку)
name-command-notify = уведомления
name-option-dm = личные_сообщения

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Подключение к Discord…
activity-error-title = Партию нельзя показать
activity-error-outside = Эта страница работает внутри Discord: запустите её как активность в канале.
activity-error-authorize = Discord не выполнил вход.
activity-error-sign-in = Не удалось войти.
activity-error-network = Сервер недоступен.
activity-error-generic = Что-то пошло не так. Попробуйте ещё раз.
activity-error-closed = Соединение с партией закрыто.
activity-error-replaced = Эта доска открыта в другом окне; здесь она остановлена.
activity-unnamed = Кто-то
activity-retry = Повторить
activity-reconnecting = Переподключение…
activity-board = Доска
activity-no-game = В этом канале нет партии.
activity-start-hint = Начните: сыграйте с ботом или вызовите кого-нибудь из присутствующих.
activity-play-bot = Играть с ботом
activity-members = Сейчас здесь
activity-no-members = Больше здесь пока никого нет.
activity-challenge = Вызвать
activity-challenge-sent = Вызов отправлен.
activity-your-turn = Ваш ход
activity-to-move = Ходит { $name }
activity-waiting = Ждём: { $name }
activity-watching = Вы наблюдаете.
activity-not-your-turn = Сейчас не ваш ход.
activity-pick-piece = Выберите свою фишку.
activity-pick-destination = Выберите подсвеченное поле.
activity-confirm-move = Коснитесь ещё раз, чтобы сыграть { $move }.
activity-piece-stuck = Эта фишка не может ходить.
activity-not-your-piece = Это не ваша фишка.
activity-in-progress = Идёт
activity-won = Победа: { $name }
activity-drawn = Ничья
activity-aborted = Прервана
activity-clock = { $name }: осталось { $time }
activity-last-move = Последний ход: { $move }
activity-you = вы
activity-bot = бот
activity-left = выбыл
activity-winner = победитель
activity-resign = Сдаться
activity-resign-confirm = Сдаться в этой партии?
activity-cancel = Отмена
activity-draw-offer = Предложить ничью
activity-draw-accept = Принять ничью
activity-draw-offered = Ничья предложена
activity-draw-offered-by = { $name } предлагает ничью.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = Стрелки перемещают фокус по доске. Enter или пробел выбирает фишку, затем поле, куда она пойдёт; Escape отменяет выбор.
a11y-board-watch = Стрелки перемещают фокус по доске; каждое поле сообщает, что на нём стоит.
a11y-square-empty = { $square }, пусто
a11y-square-piece = { $square }, { $seat ->
        [a] оранжевая
        [b] синяя
        [c] зелёная
        [d] фиолетовая
        [e] жёлтая
       *[f] красная
    } фишка
a11y-movable = { $label }, может ходить
a11y-picked = { $label }, выбрана
a11y-destination = { $label }, цель хода
a11y-picked-piece = Выбрана фишка на поле { $square }. Она может пойти на { $squares }.
a11y-pick-cancelled = Фишка не выбрана.
a11y-move = { $name }: { $move }
a11y-pass = { $name } пропускает ход.
a11y-moves-log = Ходы по мере игры

## Турниры (задача 34): вечера по швейцарской системе в канале, каждая партия в своей ветке.
error-not-organizer = Проводить турниры могут только участники с правом управлять сервером или с его турнирной ролью. Обратись к модератору.
error-tournament-in-thread = Турнир проводится в канале, а не в ветке: его партии получают собственные ветки. Используй сам канал.
error-arena-rounds = У арены нет туров: она длится столько, сколько указано в `duration`. Не указывай `rounds`.
error-swiss-duration = В турнире по швейцарской системе есть туры, а не `duration`. Не указывай `duration` или выбери `format:arena`.
error-bad-duration = '{ $text }' — это не длительность. Напиши число с единицей, например 60m или 1h30m.
error-duration-out-of-range = Арена длится от { $min } до { $max }. Выбери `duration` в этих пределах.
error-arena-only = Очередь, которую можно приостановить, есть только у арены. Чтобы прекратить игру в турнире по швейцарской системе, используй `/halma tournament withdraw`.
error-bad-tournament-name = Турниру нужно название длиной от 1 до { $limit } символов.
error-tournament-variant = Турниры играются в вариантах для двух игроков (standard, ig10, small, star2); { $variant } к ним не относится. Выбери один из них.
error-bad-rounds = В турнире от 1 до { $max } туров. Не указывай `rounds`, и их будет ⌈log₂ числа игроков⌉, но не меньше 3.
error-bad-starts-in = '{ $text }' — не время до начала. Напиши число с единицей, от 1 минуты до 7 дней, например 30m или 2h.
error-server-tournaments-full = На этом сервере уже { $limit } турнира набирают игроков или идут. Подожди, пока один из них закончится.
error-tournament-in-channel = В этом канале уже набирает игроков или идёт турнир. Проведи свой в другом канале.
error-no-tournament = В этом канале нет турнира. Организатор может создать его через `/halma tournament create`.
error-tournament-started = Этот турнир уже начался, поэтому вход и выход закрыты. Чтобы прекратить игру, используй `/halma tournament withdraw`.
error-tournament-not-started = Этот турнир ещё не начался: выйди из него через `/halma tournament leave`.
error-tournament-over = Этот турнир закончился или отменён.
error-already-in-tournament = Ты уже участвуешь в этом турнире.
error-not-in-tournament = Ты не играешь в этом турнире.
error-already-withdrawn = Ты уже снялся с этого турнира.
error-tournament-full = Этот турнир заполнен: в нём может быть не больше { $limit } игроков.
error-too-few-players = Для начала турнира нужно хотя бы 2 игрока, а записалось: { $joined }. Подожди других игроков.
error-not-tournament-organizer = Это может сделать только <@{ $user }>, организатор этого турнира, или участник с правом управлять сервером.
error-tournament-game-abort = Игроки не могут отменить турнирную партию. Лучше сдайся или обратись к модератору.
tournament-created = Твой турнир **{ $name }** создан; его объявление — в этом канале. Участники записываются кнопкой «Войти» или через `/halma tournament join`.
tournament-joined = Ты записался на турнир **{ $name }** (игроков сейчас: { $players }). Начало { $start }; твои партии будут в ветках этого канала.
tournament-left = Ты вышел из турнира **{ $name }**.
tournament-withdrawn = Ты снялся с турнира **{ $name }**: текущая партия проиграна, и новых пар у тебя не будет.
tournament-started = Турнир **{ $name }** начался: составляются пары первого тура.
tournament-cancelled = Турнир **{ $name }** отменён. Идущие партии продолжаются как обычные.
tournament-announce = 🏆 **{ $name }**: турнир по швейцарской системе, вариант { $variant }, { $timeout } на ход, организатор <@{ $organizer }>.
tournament-rounds = Туров: { $rounds }.
tournament-rounds-default = Туров: ⌈log₂ числа игроков⌉, но не меньше 3; число определяется при старте.
tournament-starts = Начало { $start }. Записывайся кнопкой ниже; запись закрывается при старте.
tournament-running = Идёт тур { $round } из { $rounds }. Запись закрыта.
tournament-finished = Завершён: пьедестал и итоговая таблица ниже.
tournament-called-off = Отменён.
tournament-no-players = Игроков пока нет.
tournament-players = Игроки ({ $count }/{ $limit }):
tournament-round = **{ $name }**, тур { $round } из { $rounds }. У каждой партии своя ветка; первым ходит игрок, названный первым.
tournament-pairing = { $board }. <@{ $first }> — <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> — <@{ $second }>
tournament-bye = Свободен: <@{ $user }> пропускает этот тур и получает очко.
tournament-standings = **Таблица турнира { $name }**, тур { $round } из { $rounds }:
tournament-standings-before = **Таблица турнира { $name }**: ещё не сыграно ни одного тура.
tournament-standings-legend = Очки, затем Бухгольц (Bh, очки соперников), затем Зоннеборн — Бергер (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } оч. · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } оч. · Bh { $buchholz } · SB { $sb } · { $games } (снялся)
tournament-podium = 🏁 Турнир **{ $name }** завершён! Пьедестал:
tournament-podium-place = { $medal } <@{ $user }>, { $points } оч.
tournament-podium-thanks = Спасибо за игру! `/halma tournament standings` показывает всю таблицу.
tournament-arena-started = Арена **{ $name }** началась и закончится { $end }: составляются первые пары.
tournament-paused = Ты вышел из очереди **{ $name }**: текущая партия продолжается, а новую ты не получишь, пока снова не введёшь `/halma tournament pause`.
tournament-resumed = Ты снова в очереди **{ $name }**: пара найдётся через несколько секунд.
tournament-arena-announce = 🏆 **{ $name }**: арена в варианте { $variant }, { $timeout } на ход, длительность { $duration }, организатор <@{ $organizer }>.
tournament-arena-rules = Кто закончил партию, через несколько секунд получает новую пару: свободного игрока с ближайшим числом очков. Победа даёт 2, ничья 1; после двух побед подряд каждая победа считается вдвойне 🔥, пока какая-нибудь партия не закончится без победы. `/halma tournament pause`, чтобы передохнуть.
tournament-arena-running = Идёт до { $end }; перед самым концом новые партии не начинаются. Запись закрыта.
tournament-arena-games = **{ $name }**: новые партии. У каждой партии своя ветка; первым ходит игрок, названный первым.
tournament-arena-standings = **Таблица арены { $name }**, до { $end }:
tournament-arena-standings-before = **Таблица арены { $name }**: арена ещё не началась.
tournament-arena-standings-over = **Таблица арены { $name }**, итоговая:
tournament-arena-legend = Победа 2, ничья 1, поражение 0; 🔥 после двух побед подряд следующая победа даёт 4. При равенстве очков решает перформанс.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } оч. · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } оч. · { $games } (снялся)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = пауза
stats-tournaments = Турниры: сыграно { $played }, лучшее место: { $place }.
stats-tournaments-unplaced = Турниры: сыграно { $played }.
settings-tournament-role = Роль, которой можно проводить турниры: <@&{ $role }>
settings-tournament-role-none = Роль, которой можно проводить турниры: нет (могут участники с правом управлять сервером)
cmd-halma-tournament = Турнир в этом канале: швейцарская система или арена
cmd-halma-tournament-create = Создать турнир в этом канале (управление сервером или турнирная роль)
cmd-halma-tournament-join = Записаться на турнир этого канала до начала
cmd-halma-tournament-leave = Выйти из турнира этого канала до начала
cmd-halma-tournament-withdraw = Сняться с турнира этого канала: текущая партия будет проиграна
cmd-halma-tournament-start = Начать турнир этого канала сейчас (его организатор)
cmd-halma-tournament-standings = Таблица турнира этого канала
cmd-halma-tournament-cancel = Отменить турнир этого канала (его организатор или управление сервером)
cmd-halma-tournament-pause = Выйди ненадолго из очереди арены этого канала или вернись в неё
opt-halma-tournament-create-name = Название турнира
opt-halma-tournament-create-format = Как составляются пары: swiss (туры, по умолчанию) или arena (фиксированное время)
opt-halma-tournament-create-variant = Доска для двоих: standard, ig10, small или star2 (по умолчанию: standard)
opt-halma-tournament-create-turn-timeout = Время на ход в каждой партии, например 5m или 12h (по умолчанию: 24h; арена: 1m)
opt-halma-tournament-create-rounds = Число туров (по умолчанию: ⌈log₂ числа игроков⌉, не меньше 3)
opt-halma-tournament-create-duration = Длительность арены, например 60m или 1h30m (по умолчанию: 60m)
opt-halma-tournament-create-starts-in = Когда турнир начнётся сам, например 30m или 2h (по умолчанию: 15m)
opt-halma-settings-tournament-role = Роль, участники с которой могут проводить турниры
name-command-tournament = турнир
name-command-create = создать
name-command-join = войти
name-command-leave = выйти
name-command-withdraw = сняться
name-command-start = начать
name-command-standings = таблица
name-command-cancel = отменить
name-command-pause = пауза
name-option-name = название
name-option-format = формат
name-option-rounds = туры
name-option-starts-in = начало_через
name-option-duration = длительность
name-option-tournament-role = турнирная_роль
choice-format-swiss = швейцарская система (swiss)
choice-format-arena = арена (arena)

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = Задачи под названием '{ $text }' нет. Выберите crossing или chain.
error-no-puzzle-board = Задачи решаются на досках для двоих (star2, small, ig10, standard); { $variant } к ним не относится. Выберите одну из них.
error-puzzle-open = У вас уже есть открытая задача. Решите её (`/halma puzzle board` её покажет) или завершите командой `/halma puzzle giveup`.
error-no-open-puzzle = У вас нет открытой задачи. Начните её командой `/halma puzzle start` или попробуйте сегодняшнюю: `/halma puzzle daily`.
error-puzzle-over = Эта задача уже завершена. `/halma puzzle start` даст вам новую.
error-no-daily-puzzle = Этот бот не даёт задачу дня. Начните свою командой `/halma puzzle start`.
error-par-not-ready = Пар этой доски, лучший переход движка, ещё вычисляется. Попробуйте через минуту.
error-too-many-puzzles = Вы начали { $limit } задачи за минуту. Подождите немного перед следующей.
error-puzzles-busy = Сейчас готовится много задач. Попробуйте ещё раз чуть позже.
error-no-chain-puzzle = На этот раз на этой доске не нашлось стоящей задачи на цепочку. Попробуйте ещё раз или выберите другую доску.
puzzle-title-crossing = 🧩 **Ваша задача**: переход на доске { $variant }.
puzzle-title-chain = 🧩 **Ваша задача**: цепочка на доске { $variant }.
puzzle-title-daily-crossing = 🧩 **Задача дня** ({ $day }): переход на доске { $variant }.
puzzle-title-daily-chain = 🧩 **Задача дня** ({ $day }): цепочка на доске { $variant }.
puzzle-goal-crossing = Переведите все свои фишки ({ $colour }) из их лагеря в противоположный шагами и прыжками, как в партии; правило лагеря действует, соперника нет. Пар, лучший результат движка: { $par }.
puzzle-goal-chain = Ваш цвет: { $colour }. Найдите ход, который сильнее всего приближает ваши фишки к целевому лагерю: часто это длинная цепочка прыжков. У вас одна попытка.
puzzle-progress = Пока что: { $moves }, в цели { $home } из { $total } фишек.
puzzle-how = Играйте кнопкой «Ход» или командой `/halma move` в канале без вашей партии. `/halma puzzle giveup` завершает задачу.
puzzle-moved = Вы сыграли { $chain }.
puzzle-crossed-at-par = ✅ Переход за { $moves }: ровно пар!
puzzle-crossed-under-par = ✅ Переход за { $moves }: на { $by } лучше пара ({ $par }). Вы обыграли движок!
puzzle-crossed-over-par = ✅ Переход за { $moves }: на { $by } больше пара ({ $par }).
puzzle-chain-solved = ✅ Верно: { $chain } — лучший ход (выигрыш { $gain } в шагах к целевому лагерю).
puzzle-chain-wrong = ❌ Не лучший: выигрыш вашего хода { $played }. Лучшим был { $chain } (выигрыш { $gain }), он отмечен на доске.
puzzle-out-of-moves = ⌛ { $moves }, а лагерь не заполнен: этот переход завершён.
puzzle-gave-up-chain = Вы сдались. Лучшим ходом был { $chain }, он отмечен на доске.
puzzle-gave-up-crossing = Вы сдались. Пар этого перехода: { $par }.
puzzle-rating = Рейтинг задач: { $before } → { $after }.
puzzle-streak = Дней подряд с решением: { $current } (самая длинная серия: { $longest }).
puzzle-daily-done = Это была сегодняшняя задача; завтра будет новая. `/halma puzzle leaderboard` покажет, как справились все.
puzzle-board-none = Сегодняшнюю задачу ({ $day }) ещё никто не запрашивал. Будьте первым: `/halma puzzle daily`.
puzzle-board-crossing = **Задача дня** ({ $day }): переход на доске { $variant }, пар { $par }.
puzzle-board-chain = **Задача дня** ({ $day }): цепочка на доске { $variant }.
puzzle-board-empty = Её ещё никто не завершил.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · рейтинг { $rating } · серия { $streak }
puzzle-result-solved = решена
puzzle-result-gave-up = сдался
puzzle-result-failed = не решена
puzzle-announce-crossing = 🧩 Вышла **задача дня** ({ $day }): переход на доске { $variant }, пар { $par }. Попробуйте: `/halma puzzle daily`. Вашу попытку видите только вы, а `/halma puzzle leaderboard` покажет, как справились все.
puzzle-announce-chain = 🧩 Вышла **задача дня** ({ $day }): цепочка на доске { $variant }. Попробуйте: `/halma puzzle daily`. Вашу попытку видите только вы, а `/halma puzzle leaderboard` покажет, как справились все.
count-days =
    { $n ->
        [one] { $n } день
        [few] { $n } дня
        [many] { $n } дней
       *[other] { $n } дня
    }
cmd-halma-puzzle = Задачи: переход или цепочка для вас или задача дня этого сервера
cmd-halma-puzzle-start = Начать свою задачу (видите её только вы)
cmd-halma-puzzle-daily = Сегодняшняя задача, одна для всего сервера (свою видите только вы)
cmd-halma-puzzle-board = Снова показать вашу открытую задачу
cmd-halma-puzzle-giveup = Сдаться в открытой задаче
cmd-halma-puzzle-leaderboard = Как участники сервера справились с сегодняшней задачей
opt-halma-puzzle-start-kind = crossing (заполнить противоположный лагерь за немного ходов) или chain (найти лучший ход)
opt-halma-puzzle-start-variant = Доска: star2, small, ig10 или standard (по умолчанию: star2)
name-command-puzzle = задача
name-command-daily = дня
name-command-giveup = сдаться
name-option-kind = вид
choice-kind-crossing = переход (crossing)
choice-kind-chain = цепочка (chain)
