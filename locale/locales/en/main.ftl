### The bot's English texts, the language every other file follows: the same message ids
### with the same variables. A variable `{ $user }` inside `<@…>` is a Discord mention, `{ $channel }`
### inside `<#…>` a channel; keep them, and Discord's **bold**, `code` and ~~strike~~ marks, as they are.
### Native speakers are welcome to correct this translation.

## Refusals.
error-internal = Something went wrong on our side. It has been logged; please try again.
error-challenge-yourself = You cannot challenge yourself. Pick another player.
error-challenge-bot = Bots cannot play Halma here. Challenge a person instead.
error-channel-busy = A game is already being played in this channel. Finish it, or start yours in another channel.
error-unknown-variant = There is no variant called '{ $text }'. Choose one of: { $variants }.
error-no-parking-off-the-star = `no_parking` is an option of the star (`star2`, `star3`, `star4`, `star6`): { $variant } has no points to park in. Leave it out, or choose a star variant.
error-bad-timeout = '{ $text }' is not a move time. Write a number with a unit, like 10m, 12h or 3d.
error-timeout-out-of-range = The move time '{ $text }' is out of range: it must be between 1 minute and 7 days.
error-no-such-challenge = This challenge does not exist (any more).
error-not-challenged = Only <@{ $user }> can answer this challenge.
error-not-challenger = Only <@{ $user }>, who made this challenge, can withdraw it.
error-challenge-expired = This challenge has expired. Ask for a new one.
error-challenge-accepted = This challenge was already accepted.
error-challenge-declined = This challenge was already declined.
error-challenge-withdrawn = This challenge was withdrawn.
error-no-game = No game is being played in this channel. Start one with a challenge, or find the server's games with `/halma games`.
error-not-a-player = You are not playing in this channel's game.
error-not-your-turn = It is not your turn: <@{ $user }> is to move.
error-game-over = The game in this channel is over.
error-time-up = Your time for this move has run out; the game is being ended on time.
error-square-empty = No square given. Write a square like e12.
error-square-bad-file = '{ $text }' is not a square: it must start with a file letter a–p (a–q on the star), like e12.
error-square-bad-rank = '{ $text }' is not a square: the letter must be followed by a rank 1–16 (1–17 on the star), like e12.
error-missing-destination = Say where the piece goes: a square like g10, or a whole chain like g10 g12 e14.
error-position-changed = The position changed while you were moving. Look at the board again.
error-abort-too-late = Players can abort a game only in its first round, before everyone has moved. Resign instead, or ask a moderator.
error-draw-already-offered = You already offer a draw; your opponent can accept it by offering one too.

## Illegal moves.
illegal-not-your-turn = It is not your turn.
illegal-off-board = { $square } is not on this board: its files run from a to { $last_file } and its ranks from 1 to { $last_rank }.
illegal-off-board-star = { $square } is not a hole of the star: rank { $rank } runs from { $first } to { $last }.
illegal-empty-square = There is no piece on { $square }.
illegal-not-your-piece = The piece on { $square } is not yours.
illegal-same-square = A move must end on another square than { $square }.
illegal-same-square-star = A move must end in another hole than { $square }.
illegal-ends-in-foreign-point = No move may end on { $square } in this game: it lies in a point that is neither your home nor your target.
illegal-occupied = { $square } is occupied.
illegal-unreachable = { $to } cannot be reached from { $from } with one step or a chain of hops.
illegal-leaves-target-camp = A piece in its target camp may not leave it ({ $from } to { $to }).
illegal-leaves-target-point = A piece in its target point may not leave it ({ $from } to { $to }).
illegal-not-a-hop = { $from } to { $to } is not a hop: a hop jumps over one neighbouring piece in a straight line.
illegal-nothing-to-hop-over = There is no piece on { $over } to hop over from { $from }.
illegal-revisits = The chain lands on { $square } twice.
illegal-cannot-pass = You cannot pass while you have a move.
illegal-cannot-remove = Only games of three or more players (not team games) go on without a player.

## Challenges.
challenge-sent = <@{ $challenger }> challenges <@{ $opponent }> to a game of { $variant } with { $timeout } per move. <@{ $opponent }>, accept or decline within 10 minutes.
challenge-accepted = <@{ $opponent }> accepted the challenge.
challenge-declined = <@{ $opponent }> declined the challenge.
challenge-withdrawn = <@{ $challenger }> withdrew the challenge.
challenge-expired = The challenge to <@{ $opponent }> expired.

## Games.
game-your-move = <@{ $user }>, your move.
game-move-played = <@{ $user }> played { $chain }.
game-passed = <@{ $user }> has no move and passes.
game-end-completed = <@{ $winner }> has brought every piece home and wins!
game-end-anti-spoiling = <@{ $winner }> wins: the target camp is full and holds their pieces.
game-end-anti-spoiling-star = <@{ $winner }> wins: the target point is full and holds their pieces.
game-end-resigned = <@{ $loser }> resigned. <@{ $winner }> wins.
game-end-timeout = <@{ $loser }> ran out of time. <@{ $winner }> wins.
game-end-balance = Both players completed (balancing rule): the game is drawn.
game-end-ply-limit = The move limit was reached: the game is drawn.
game-end-no-moves = Nobody can move: the game is drawn.
game-end-last-player = Everyone else has left: <@{ $winner }> wins!
game-end-no-people-left = Nobody but the bot is left, so the game ends here, drawn between the bot’s seats.
game-end-agreement = Draw agreed.
game-unrated-early = Not rated: the game ended before every player had moved.
game-aborted = <@{ $user }> aborted the game. It is not rated.
draw-offered = <@{ $user }> offers a draw. Offer one too to accept; any move declines it.
rating-change = <@{ $user }>: { $before } → { $after }
reminder-half-time = <@{ $user }>, half of your move time is gone: { $left } left.
leaderboard-empty = Nobody has played a rated { $variant } game here yet.

## Messages of the Discord layer and local mode.
button-accept = Accept
button-decline = Decline
button-withdraw = Withdraw
button-accept-draw = Accept draw
button-rematch = Rematch
challenge-anti-spoiling = Anti-spoiling is on: a full target camp holding your pieces also wins.
challenge-anti-spoiling-star = Anti-spoiling is on: a full target point holding your pieces also wins.
challenge-no-parking = No parking is on: no move may end in a point that is neither the mover’s home nor their target.
colour-a = orange
colour-b = blue
colour-c = green
colour-d = purple
colour-e = yellow
colour-f = red
game-seat = <@{ $user }> ({ $colour }, { $seat })
game-versus = {" vs "}
game-time-left = Time left: { $left }.
game-aborted-short = The game was aborted.
board-header = { $variant }: { $players }. Moves played: { $ply }.
board-last-move = Last move: <@{ $user }> played { $chain }.
board-to-move = <@{ $user }> is to move.
history-header = { $variant }, { $moves }:
replay-header = Replay of the { $variant } game ({ $moves }).
replay-sampled = The game is too long to show every move: { $frames } positions are shown, the start and the final position among them.
leaderboard-header = **Leaderboard: { $variant }**
leaderboard-row = { $rank }. <@{ $user }> { $rating } ({ $games }: { $wins } W, { $losses } L, { $draws } D)
stats-header = **Stats of <@{ $user }>**
stats-no-games = No rated games yet.
stats-row = { $variant }: { $rating }, rank { $rank } ({ $games }: { $wins } W, { $losses } L, { $draws } D)
count-moves =
    { $n ->
        [one] { $n } move
       *[other] { $n } moves
    }
count-games =
    { $n ->
        [one] { $n } game
       *[other] { $n } games
    }
stats-current-game = Playing { $variant } in <#{ $channel }>.
rules-summary = **Halma.** Bring all your pieces into the camp in the opposite corner. Each turn, move one piece: a step to a neighbouring empty square (8 directions), or one or more hops over any neighbouring piece to the empty square behind it (no captures; stop whenever you like). A piece that has reached its target camp may not leave it. Moves: `/halma move from:m3 to:k5` (or a chain `to:k5 m7`). Variants:
rules-variant = • `{ $name }`: { $side }×{ $side }, { $players } players, { $pieces } pieces each
rules-star = **Stern-Halma (the star, `star2` to `star6`).** The same moves on a six-pointed star of 121 holes: steps and hops go in 6 directions, and you bring your pieces into the point opposite your home.
rules-variant-star = • `{ $name }`: the star, { $players } players, { $pieces } pieces each

## Command and option descriptions (at most 100 characters).
cmd-halma = Play Halma in this channel
cmd-halma-challenge = Challenge a member to a game of Halma
cmd-halma-move = Move a piece: a step, or hops to the end square
cmd-halma-board = Show the current board
cmd-halma-resign = Resign the game
cmd-halma-draw = Offer a draw, or accept the one offered
cmd-halma-history = The moves so far and the position string
cmd-halma-leaderboard = This server's best players
cmd-halma-stats = A member's ratings, record and current games
cmd-halma-replay = The game as an animated GIF
cmd-halma-rules = How to play, and the variants
cmd-halma-abort = End the game without rating (moderators, or players before everyone has moved)
opt-halma-challenge-opponent = Who to play against
opt-halma-challenge-variant = Board and camps (default: standard 16×16)
opt-halma-challenge-first = Who moves first (default: random)
opt-halma-challenge-anti-spoiling = A full target camp with your pieces also wins (default: off)
opt-halma-challenge-no-parking = Star only: no move may end in a point that is neither your home nor your target (default: off)
opt-halma-challenge-turn-timeout = Time per move, like 10m, 12h or 3d (default: 24h)
opt-halma-move-from = The square of the piece to move, like m3
opt-halma-move-to = Where it goes, like k5, or every landing square: k5 m7
opt-halma-leaderboard-variant = Which variant (default: standard)
opt-halma-stats-player = Whose stats (default: yours)

## Games against the bot, and hints.
error-unknown-level = There is no level called '{ $text }'. Choose one of: { $levels }.
error-level-needs-bot = A level is only for games against the bot. Challenge the bot itself, or leave the level out.
error-no-hints-left = You have taken all { $limit } hints of this game. Good luck!
error-bot-busy = The bot is already thinking as much as it can for you or this server. Try again in a minute.
error-slow-down = Slow down a little: you sent many commands in a few seconds. Try again in a moment.
ai-thinking = <@{ $bot }> moves first and is thinking…
game-bot-thinking = <@{ $bot }> is thinking…
hint-move = Hint: { $chain }. Hints left in this game: { $left }.
stats-ai-row = Against the bot ({ $level }): { $wins } W, { $losses } L, { $draws } D
history-hints = Hints taken: { $hints }
history-hint-count = <@{ $user }> { $n }
cmd-halma-hint = Suggest a move for you (3 per game, only you see it)
opt-halma-challenge-level = The bot's strength, when you challenge the bot (default: medium)

## Added for robustness (issue 10).
error-unknown-button = This button is no longer valid.
error-old-button = This button belongs to an earlier game. Use `/halma board` to see the current one.
error-challenge-pending = You have already challenged <@{ $user }> in this channel. Wait for the answer, or withdraw that challenge first.
error-too-many-challenges = You already have { $limit } challenges waiting for an answer in this server. Wait for an answer, or withdraw one first.
error-server-challenges-full = This server already has { $limit } challenges waiting for an answer. Try again once some are answered.
error-too-many-threads = You have opened as many game threads in an hour as you may ({ $limit }). Play in one of them, or challenge right in the channel.
error-server-threads-full = This server has opened as many game threads in an hour as it may ({ $limit }). Try again later, or challenge right in the channel.
list-more = …and { $count } more.

## Games of three and four players and team games while they are played (issue 12).
error-left-game = You have left this game, so you can no longer move, offer a draw or resign in it.
game-left-resigned = <@{ $user }> resigned and leaves the game; their pieces are taken off the board.
game-left-timeout = <@{ $user }> ran out of time and leaves the game; their pieces are taken off the board.
game-end-completed-team = <@{ $winner }> and <@{ $partner }> have brought every piece home and win!
game-end-anti-spoiling-team = <@{ $winner }> and <@{ $partner }> win: their target camps are full and hold their pieces.
game-end-resigned-team = The team of <@{ $loser }> and <@{ $loser_partner }> resigned. <@{ $winner }> and <@{ $partner }> win.
game-end-timeout-team = The team of <@{ $loser }> and <@{ $loser_partner }> ran out of time. <@{ $winner }> and <@{ $partner }> win.
game-ranking = Final ranking: { $places }
game-ranking-place = { $place }. { $players }
game-seat-left = ~~<@{ $user }>~~ ({ $colour }, { $seat }, left)
error-draw-already-offered-all = You already offer a draw; it is agreed once every other player still in the game offers one too.
draw-offered-all = <@{ $user }> offers a draw. It is agreed when every player still in the game offers one: { $users }, offer one too to accept; any move declines it.
error-challenge-in-channel = A challenge from <@{ $user }> is waiting for its answers in this channel, and a channel gathers players for one game at a time. If you are invited, accept or decline it; otherwise wait until it is answered or expires (10 minutes at most), or play in another channel.
history-left = { $seat } left the game

## The move picker, the server's settings, the list of games and threads (issue 14).
button-move = Move
button-watch = Watch
button-standings = Standings
button-play-in-discord = Play in Discord
button-back = Back
picker-pieces = Pick the piece to move; the marked pieces can move.
picker-piece-option = { $square } · { $destinations }
picker-placeholder-piece = Choose a piece
picker-destinations = The piece on { $square } can go to { $destinations }, marked on the board. Pick one, or go back.
picker-placeholder-destination = Choose where it goes
picker-more = more… ({ $count } further)
picker-stale = The position has changed since this picker opened. Look at the board again.
picker-stale-fresh = The position has changed since this picker opened; here is a fresh one.
picker-played = You played { $chain }.
count-destinations =
    { $n ->
        [one] { $n } destination
       *[other] { $n } destinations
    }
games-header = **Games on this server** ({ $count }):
games-none = No games are being played on this server. Start one with `/halma challenge`.
games-row = <#{ $channel }> · { $variant } · { $players } · { $turn }
games-turn = <@{ $user }> to move
games-turn-left = <@{ $user }> to move, { $left } left
games-board-link = {" "}· [board]({ $link })
cmd-halma-games = The games being played on this server
error-needs-manage-server = Only members who may manage the server can see and change its Halma settings.
error-channel-not-allowed = Games are not played in this channel on this server. Challenge in one of: { $channels }.
error-too-many-game-channels = At most { $limit } channels can host games. Remove one first, or allow all channels.
error-unknown-language = There is no language '{ $text }'. Choose one of: en, hr, de, fr, es-ES, pt-BR, pl, ru, or auto (the server's language).
settings-header = **Halma settings of this server**
settings-variant = Default variant: { $variant }
settings-turn-timeout = Default move time: { $timeout }
settings-default = { $value } (the bot's default)
settings-channels-all = Channels that may host games: all
settings-channels = Channels that may host games: { $channels }
settings-language-auto = Language of reminders and time losses: { $language } (the server's language)
settings-language = Language of reminders and time losses: { $language }
settings-web-on = Public web page: on, at /server/{ $server }
settings-web-off = Public web page: off
language-en = English
language-hr = Croatian
language-de = German
language-fr = French
language-es = Spanish
language-pt-br = Brazilian Portuguese
language-pl = Polish
language-ru = Russian
cmd-halma-settings = Show or change this server's Halma settings (Manage Server)
opt-halma-settings-variant = The variant of challenges that name none
opt-halma-settings-turn-timeout = The move time of challenges that name none, like 12h
opt-halma-settings-allow-channel = Let this channel host games (games are then kept to the listed ones)
opt-halma-settings-remove-channel = Take this channel off the list of game channels
opt-halma-settings-all-channels = Let every channel host games again
opt-halma-settings-language = Language of reminders and time losses (auto: the server's)
opt-halma-settings-web = Show this server's leaderboards and games on a public web page (off by default)
thread-opened = The challenge is in its own thread: <#{ $thread }>.
opt-halma-challenge-thread = Play in a new public thread named after the players (default: no)

## Games of three and four: invitations to several members, open lobbies, the start.
error-wrong-opponent-count-one = { $variant } is a two-player game: name only `opponent`.
error-wrong-opponent-count = { $variant } needs { $needed } opponents: name them in `opponent`, `opponent2` … `opponent5`.
error-duplicate-opponent = <@{ $user }> is named twice. Name each player once.
error-not-invited = You are not invited to this game.
error-already-accepted = You have accepted already. The game starts when everyone has.
error-no-such-lobby = This lobby does not exist (any more).
error-lobby-started = This lobby's game has already started.
error-lobby-closed = This lobby is closed. Open a new one with `/halma open`.
error-lobby-open = <@{ $user }> has a lobby open in this channel, and a channel gathers players for one game at a time. Join it, or wait until it starts or closes.
error-already-in-lobby = You are in this lobby already.
error-not-in-lobby = You are not in this lobby.
error-lobby-full = Every seat of this lobby is taken.
error-not-host = Only <@{ $user }>, who opened this lobby, can do that.
error-lobby-not-full = A game of { $variant } needs { $players } players and { $joined } have joined. Wait for more, or add the bot.
error-ai-needs-several-players = The bot fills seats only in games of three or more. Challenge the bot itself for a two-player game.
error-replays-busy = Many replays are being drawn right now. Try again in a minute.
invite-sent = <@{ $challenger }> invites { $invitees } to a game of { $variant } with { $timeout } per move. Everyone must accept within 10 minutes.
invite-accepted = Accepted: { $users }.
invite-waiting = Waiting for: { $users }.
invite-declined = <@{ $user }> declined: the game of { $variant } is off.
invite-expired = The invitation to a game of { $variant } expired: not everyone accepted in time.
invite-withdrawn = <@{ $user }> withdrew the invitation to a game of { $variant }.
invite-and = {" and "}
lobby-open = <@{ $host }> opens a game of { $variant } with { $timeout } per move. Click Join to play: the game starts as soon as all { $players } seats are taken. The lobby closes in 30 minutes.
lobby-seats-in-order = Seats go in joining order.
lobby-seats-random = Seats are drawn by lot.
lobby-members = Players ({ $joined }/{ $players }): { $users }.
lobby-full = Every seat is taken: <@{ $host }> can start the game with Start once the channel is free.
lobby-closed = <@{ $host }> closed the lobby for a game of { $variant }.
lobby-expired = The lobby for a game of { $variant } expired before every seat was taken.
lobby-bot = <@{ $user }> ({ $level })
button-join = Join
button-leave = Leave
button-start = Start
button-add-ai = Add AI ({ $level })
start-header = The game of { $variant } begins!
start-seat = { $seat } ({ $colour }): <@{ $user }>
start-seat-bot = { $seat } ({ $colour }): <@{ $user }>, level { $level }
start-team = Team { $team }: { $seats }
start-not-rated = The bot plays in this game, so it is not rated.
start-first = <@{ $user }> moves first.
cmd-halma-open = Open a lobby anyone in the channel may join
opt-halma-challenge-opponent2 = A second opponent, for a game of three or more
opt-halma-challenge-opponent3 = A third opponent, for a game of four or six
opt-halma-challenge-opponent4 = A fourth opponent, for a game of six (star6)
opt-halma-challenge-opponent5 = A fifth opponent, for a game of six (star6)
opt-halma-open-variant = Board and players (default: four)
opt-halma-open-turn-timeout = Time per move, like 10m, 12h or 3d (default: 24h)
opt-halma-open-anti-spoiling = A full target camp with your pieces also wins (default: off)
opt-halma-open-no-parking = Star only: no move may end in a point that is neither your home nor your target (default: off)
opt-halma-open-seats = Seats in joining order or by lot (default: join-order)
opt-halma-open-level = The strength of bot players you add (default: medium)

## Times, as in "1d 2h 30m": each part, joined by spaces.
duration-days = { $n }d
duration-hours = { $n }h
duration-minutes = { $n }m
duration-seconds = { $n }s

## The live pages in the browser (a game's page, a server's page) and what their scripts write.
## The scripts fill { $name }, { $names }, { $seat }, { $move }, { $n }, { $total } and { $time }.
page-to-move = { $name } to move
page-in-progress = In progress
page-won = Won by { $names }
page-drawn = Drawn
page-aborted = Aborted
page-and = {" and "}
page-reason-completed = all pieces home
page-reason-anti-spoiling = target camp filled (anti-spoiling)
page-reason-resigned = by resignation
page-reason-timeout = on time
page-reason-balance = both completed (balance rule)
page-reason-ply-limit = the move limit was reached
page-reason-no-moves = nobody can move
page-reason-agreement = by agreement
page-reason-aborted = aborted
page-reason-last-player = the last player left
page-reason-no-people-left = only the bot was left
page-bot = Halma bot
page-player = Player { $seat }
page-member = A member
page-tag-bot = bot
page-tag-left = left
page-tag-winner = winner
page-tag-to-move = to move
page-ply = Ply { $n } of { $total }: { $name }, { $move }
page-start = Start position; plies played: { $total }
page-pass = pass
page-clock = { $name }: { $time } left
page-reconnecting = Reconnecting…
page-disconnected = Disconnected: reload the page to follow the game.
page-needs-script = The live board needs JavaScript.
page-board = The board
page-steps = Step through the game
page-first = First position
page-previous = Back one ply
page-slider = Ply shown
page-next = Forward one ply
page-last = Latest position
page-games-now = Games now
page-no-games = No game is being played.
page-column-player = Player
page-column-rating = Rating
page-column-games = Games
page-not-found = Not found
page-no-such-game = There is no such game. The link may be mistyped, or the page is gone.
page-no-such-server = There is no such server page. The link may be mistyped, or the server has turned its page off.
page-no-such-page = There is no such page. The link may be mistyped, or the page is gone.
page-no-such-tournament = There is no such tournament page. The link may be mistyped, or the tournament is gone.
page-tournaments = Tournaments
page-tournament-swiss = Swiss tournament · { $variant }
page-tournament-arena = Arena · { $variant }
page-tournament-starts = Starts at { $time }.
page-tournament-round = Round { $round } of { $rounds }.
page-tournament-under-way = Under way.
page-tournament-ends = Ends at { $time }.
page-tournament-finished = Finished.
page-tournament-cancelled = Called off.
page-tournament-no-players = No players yet.
page-tournament-withdrew = withdrew
page-column-points = Points
page-column-buchholz = Buchholz
page-column-sonneborn-berger = Sonneborn–Berger
page-column-streak = Streak

## Names of the command, its subcommands and options (lower case, no spaces, at most 32 characters), and of the options' choices (at most 100).
name-command-halma = halma
name-command-challenge = challenge
name-command-move = move
name-command-board = board
name-command-resign = resign
name-command-draw = draw
name-command-history = history
name-command-leaderboard = leaderboard
name-command-stats = stats
name-command-replay = replay
name-command-rules = rules
name-command-abort = abort
name-command-hint = hint
name-command-games = games
name-command-settings = settings
name-command-open = open
name-option-opponent = opponent
name-option-opponent2 = opponent2
name-option-opponent3 = opponent3
name-option-opponent4 = opponent4
name-option-opponent5 = opponent5
name-option-variant = variant
name-option-first = first
name-option-anti-spoiling = anti_spoiling
name-option-no-parking = no_parking
name-option-turn-timeout = turn_timeout
name-option-level = level
name-option-thread = thread
name-option-from = from
name-option-to = to
name-option-player = player
name-option-seats = seats
name-option-allow-channel = allow_channel
name-option-remove-channel = remove_channel
name-option-all-channels = all_channels
name-option-language = language
name-option-web = web
choice-variant-standard = standard
choice-variant-three = three
choice-variant-four = four
choice-variant-four-teams = four-teams
choice-variant-ig10 = ig10
choice-variant-small = small
choice-variant-star2 = star2
choice-variant-star3 = star3
choice-variant-star4 = star4
choice-variant-star6 = star6
choice-first-me = me
choice-first-opponent = opponent
choice-first-random = random
choice-level-easy = easy
choice-level-medium = medium
choice-level-hard = hard
choice-seats-join-order = join-order
choice-seats-random = random
choice-language-auto = auto (the server’s language)
choice-language-en = English
choice-language-hr = Hrvatski
choice-language-de = Deutsch
choice-language-fr = Français
choice-language-es-ES = Español (España)
choice-language-pt-BR = Português (Brasil)
choice-language-pl = Polski
choice-language-ru = Русский
choice-web-on = on
choice-web-off = off

## Direct messages when it is your move (/halma notify).
error-bad-dm-switch = `dm` takes on or off, not '{ $text }'. Pick one from the list, or leave it out to see your setting.
notify-on = Direct messages: on. I write to you when it is your move in a game with { $min } or more per move, and again at half time.
notify-refused = If Discord refuses one (your DMs are closed), the ping in the game's channel still tells you, and I stop trying for { $pause }.
notify-paused = Discord refused my last one: I try again in { $left }, or at once if you turn direct messages on again.
notify-off = Direct messages: off. The ping in the game's channel tells you when it is your move; `/halma notify dm:on` adds a direct message.
notify-choice-on = on: a direct message when it is my move
notify-choice-off = off: only the ping in the channel
dm-your-move = It is your move in the game of { $variant } ({ $left } left): { $link }
dm-half-time = Half of your move time is gone ({ $left } left): { $link }
count-hours =
    { $n ->
        [one] { $n } hour
       *[other] { $n } hours
    }
cmd-halma-notify = Get a direct message when it is your move (games with an hour or more per move)
opt-halma-notify-dm = on or off (leave it out to see your setting)
name-command-notify = notify
name-option-dm = dm

## The Activity: the board inside Discord. The page fills { $name }, { $move } and { $time }.
activity-loading = Connecting to Discord…
activity-error-title = The game cannot be shown
activity-error-outside = This page runs inside Discord: start it as an Activity in a channel.
activity-error-authorize = Discord did not sign you in.
activity-error-sign-in = Signing in failed.
activity-error-network = The server cannot be reached.
activity-error-generic = Something went wrong. Try again.
activity-error-closed = The connection to the game was closed.
activity-error-replaced = This board was opened in another window; it stops here.
activity-unnamed = Someone
activity-retry = Try again
activity-reconnecting = Reconnecting…
activity-board = The board
activity-no-game = There is no game in this channel.
activity-start-hint = Start one: play the bot, or challenge someone who is here.
activity-play-bot = Play the bot
activity-members = Here now
activity-no-members = Nobody else is here yet.
activity-challenge = Challenge
activity-challenge-sent = Challenge sent.
activity-your-turn = Your turn
activity-to-move = { $name } to move
activity-waiting = Waiting for { $name }
activity-watching = You are watching.
activity-not-your-turn = It is not your turn.
activity-pick-piece = Choose one of your pieces.
activity-pick-destination = Choose a highlighted square.
activity-confirm-move = Tap again to play { $move }.
activity-piece-stuck = That piece cannot move.
activity-not-your-piece = That is not your piece.
activity-in-progress = In progress
activity-won = Won by { $name }
activity-drawn = Drawn
activity-aborted = Aborted
activity-clock = { $name }: { $time } left
activity-last-move = Last move: { $move }
activity-you = you
activity-bot = bot
activity-left = left
activity-winner = winner
activity-resign = Resign
activity-resign-confirm = Resign this game?
activity-cancel = Cancel
activity-draw-offer = Offer a draw
activity-draw-accept = Accept the draw
activity-draw-offered = Draw offered
activity-draw-offered-by = { $name } offers a draw.

## What the board says to keyboard and screen-reader users, on the Activity and the live game page.
## The page fills { $square }, { $squares }, { $label }, { $name } and { $move }; { $seat } is a seat, a to f, whose colour agrees with its noun.
a11y-board-play = The arrow keys move over the board. Enter or Space picks a piece, then the square it goes to; Escape lets the piece go.
a11y-board-watch = The arrow keys move over the board; each square says what stands on it.
a11y-square-empty = { $square }, empty
a11y-square-piece = { $square }, { $seat ->
        [a] orange
        [b] blue
        [c] green
        [d] purple
        [e] yellow
       *[f] red
    } piece
a11y-movable = { $label }, can move
a11y-picked = { $label }, picked
a11y-destination = { $label }, destination
a11y-picked-piece = { $square } picked. It can go to { $squares }.
a11y-pick-cancelled = No piece picked.
a11y-move = { $name }: { $move }
a11y-pass = { $name } passes.
a11y-moves-log = Moves as they are played

## Tournaments (issue 34): Swiss evenings in a channel, each game in its own thread.
error-not-organizer = Only members who may manage the server, or who have its tournament role, can organise tournaments. Ask a moderator.
error-tournament-in-thread = A tournament is run from a channel, not from a thread: its games get threads of their own. Use the channel itself.
error-arena-rounds = An arena has no rounds: it lasts for its `duration`. Leave `rounds` out.
error-swiss-duration = A Swiss tournament has rounds, not a `duration`. Leave `duration` out, or choose `format:arena`.
error-bad-duration = '{ $text }' is not a length of time. Write a number with a unit, like 60m or 1h30m.
error-duration-out-of-range = An arena lasts from { $min } to { $max }. Choose a `duration` in between.
error-arena-only = Only an arena has a queue to pause. To stop playing in a Swiss tournament, use `/halma tournament withdraw`.
error-bad-tournament-name = A tournament needs a name of 1 to { $limit } characters.
error-tournament-variant = Tournaments are played on two-player variants (standard, ig10, small, star2); { $variant } is not one. Choose one of them.
error-bad-rounds = A tournament has between 1 and { $max } rounds. Leave `rounds` out to get ⌈log₂ players⌉, at least 3.
error-bad-starts-in = '{ $text }' is not a time until the start. Write a number with a unit between 1 minute and 7 days, like 30m or 2h.
error-server-tournaments-full = This server already has { $limit } tournaments gathering players or being played. Wait until one of them ends.
error-tournament-in-channel = This channel already has a tournament gathering players or being played. Run yours in another channel.
error-no-tournament = There is no tournament in this channel. An organiser can make one with `/halma tournament create`.
error-tournament-started = This tournament has started, so joining and leaving are closed. Players who want to stop use `/halma tournament withdraw`.
error-tournament-not-started = This tournament has not started yet: use `/halma tournament leave` to leave it.
error-tournament-over = This tournament is over or was called off.
error-already-in-tournament = You are in this tournament already.
error-not-in-tournament = You are not playing in this tournament.
error-already-withdrawn = You have already withdrawn from this tournament.
error-tournament-full = This tournament is full: it takes at most { $limit } players.
error-too-few-players = A tournament needs at least 2 players to start, and { $joined } have joined. Wait for more players.
error-not-tournament-organizer = Only <@{ $user }>, who organises this tournament, or a member who may manage the server, can do that.
error-tournament-game-abort = A tournament game cannot be aborted by its players. Resign instead, or ask a moderator.
tournament-created = Your tournament **{ $name }** is made; its announcement is in this channel. Members join with its Join button or `/halma tournament join`.
tournament-joined = You joined **{ $name }** ({ $players } players so far). It starts { $start }; your games will be in threads of this channel.
tournament-left = You left **{ $name }**.
tournament-withdrawn = You withdrew from **{ $name }**: your game in progress is lost, and you will not be paired again.
tournament-started = **{ $name }** has started: the first round is being paired.
tournament-cancelled = **{ $name }** is called off. Games in progress go on as ordinary games.
tournament-announce = 🏆 **{ $name }**: a Swiss tournament of { $variant } with { $timeout } per move, organised by <@{ $organizer }>.
tournament-rounds = Rounds: { $rounds }.
tournament-rounds-default = Rounds: ⌈log₂ players⌉, at least 3, fixed at the start.
tournament-starts = It starts { $start }. Join with the button below; joining closes at the start.
tournament-running = Under way: round { $round } of { $rounds }. Joining is closed.
tournament-finished = Finished: the podium and the final standings are below.
tournament-called-off = Called off.
tournament-no-players = No players yet.
tournament-players = Players ({ $count }/{ $limit }):
tournament-round = **{ $name }**, round { $round } of { $rounds }. Each game is in its own thread; the first player named moves first.
tournament-pairing = { $board }. <@{ $first }> vs <@{ $second }>: <#{ $thread }>
tournament-pairing-no-game = { $board }. <@{ $first }> vs <@{ $second }>
tournament-bye = Bye: <@{ $user }> sits this round out and scores a point.
tournament-standings = **Standings of { $name }**, round { $round } of { $rounds }:
tournament-standings-before = **Standings of { $name }**: no round has been played yet.
tournament-standings-legend = Points, then Buchholz (Bh, the opponents' points), then Sonneborn–Berger (SB).
tournament-standing = { $place }. <@{ $user }>: { $points } pts · Bh { $buchholz } · SB { $sb } · { $games }
tournament-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pts · Bh { $buchholz } · SB { $sb } · { $games } (withdrew)
tournament-podium = 🏁 **{ $name }** is over! The podium:
tournament-podium-place = { $medal } <@{ $user }>, { $points } pts
tournament-podium-thanks = Thank you for playing! `/halma tournament standings` shows the whole table.
tournament-arena-started = **{ $name }** has started and ends { $end }: the first games are being paired.
tournament-paused = You left the queue of **{ $name }**: a game in progress goes on, and you get no new game until you run `/halma tournament pause` again.
tournament-resumed = You are back in the queue of **{ $name }**: you will be paired in a few seconds.
tournament-arena-announce = 🏆 **{ $name }**: an arena of { $variant } with { $timeout } per move, { $duration } long, organised by <@{ $organizer }>.
tournament-arena-rules = Whoever finishes a game is paired again a few seconds later, with the free player nearest in points. A win scores 2, a draw 1; after two wins in a row each win counts double 🔥 until a game is not won. `/halma tournament pause` takes a break.
tournament-arena-running = Under way until { $end }; no new game starts close to the end. Joining is closed.
tournament-arena-games = **{ $name }**: new games. Each is in its own thread; the first player named moves first.
tournament-arena-standings = **Standings of { $name }**, arena until { $end }:
tournament-arena-standings-before = **Standings of { $name }**: the arena has not started yet.
tournament-arena-standings-over = **Standings of { $name }**, final:
tournament-arena-legend = Win 2, draw 1, loss 0; 🔥 after two wins in a row, the next win counts 4. Ties go by performance.
tournament-arena-standing = { $place }. <@{ $user }>: { $points } pts · { $games }
tournament-arena-standing-withdrawn = { $place }. ~~<@{ $user }>~~: { $points } pts · { $games } (withdrew)
tournament-arena-fire = 🔥 { $streak }
tournament-arena-paused = paused
stats-tournaments = Tournaments: { $played } played, best place { $place }.
stats-tournaments-unplaced = Tournaments: { $played } played.
settings-tournament-role = Role that may organise tournaments: <@&{ $role }>
settings-tournament-role-none = Role that may organise tournaments: none (members who may manage the server can)
cmd-halma-tournament = A tournament in this channel: Swiss or arena
cmd-halma-tournament-create = Make a tournament in this channel (Manage Server, or the tournament role)
cmd-halma-tournament-join = Join this channel's tournament before it starts
cmd-halma-tournament-leave = Leave this channel's tournament before it starts
cmd-halma-tournament-withdraw = Withdraw from this channel's tournament: your game in progress is lost
cmd-halma-tournament-start = Start this channel's tournament now (its organiser)
cmd-halma-tournament-standings = The standings of this channel's tournament
cmd-halma-tournament-cancel = Call off this channel's tournament (its organiser, or Manage Server)
cmd-halma-tournament-pause = Leave this channel's arena queue for a while, or come back to it
opt-halma-tournament-create-name = The tournament's name
opt-halma-tournament-create-format = How players are paired: swiss (rounds, the default) or arena (a fixed time)
opt-halma-tournament-create-variant = A two-player board: standard, ig10, small or star2 (default: standard)
opt-halma-tournament-create-turn-timeout = Time per move in every game, like 5m or 12h (default: 24h; arena: 1m)
opt-halma-tournament-create-rounds = Number of rounds (default: ⌈log₂ players⌉, at least 3)
opt-halma-tournament-create-duration = An arena's length, like 60m or 1h30m (default: 60m)
opt-halma-tournament-create-starts-in = When it starts by itself, like 30m or 2h (default: 15m)
opt-halma-settings-tournament-role = A role whose members may organise tournaments
name-command-tournament = tournament
name-command-create = create
name-command-join = join
name-command-leave = leave
name-command-withdraw = withdraw
name-command-start = start
name-command-standings = standings
name-command-cancel = cancel
name-command-pause = pause
name-option-name = name
name-option-format = format
name-option-rounds = rounds
name-option-starts-in = starts_in
name-option-duration = duration
name-option-tournament-role = tournament_role
choice-format-swiss = swiss
choice-format-arena = arena

## Puzzles (issue 36): a crossing or a chain puzzle of a member's own, or the server's daily one.
error-unknown-puzzle = There is no puzzle called '{ $text }'. Choose crossing or chain.
error-no-puzzle-board = Puzzles are played on the two-player boards (star2, small, ig10, standard); { $variant } is not one. Choose one of them.
error-puzzle-open = You have a puzzle open already. Finish it (`/halma puzzle board` shows it), or end it with `/halma puzzle giveup`.
error-no-open-puzzle = You have no puzzle open. Start one with `/halma puzzle start`, or try today's with `/halma puzzle daily`.
error-puzzle-over = This puzzle is over. `/halma puzzle start` gives you another.
error-no-daily-puzzle = This bot gives no daily puzzle. Start one of your own with `/halma puzzle start`.
error-par-not-ready = The par of this board, the engine's best crossing, is still being worked out. Try again in a minute.
error-too-many-puzzles = You started { $limit } puzzles within a minute. Wait a moment before the next one.
error-puzzles-busy = Many puzzles are being made right now. Try again in a moment.
error-no-chain-puzzle = No chain puzzle worth setting was found on this board this time. Try again, or choose another board.
puzzle-title-crossing = 🧩 **Your puzzle**: a crossing on { $variant }.
puzzle-title-chain = 🧩 **Your puzzle**: a chain puzzle on { $variant }.
puzzle-title-daily-crossing = 🧩 **Today's puzzle** ({ $day }): a crossing on { $variant }.
puzzle-title-daily-chain = 🧩 **Today's puzzle** ({ $day }): a chain puzzle on { $variant }.
puzzle-goal-crossing = Move all your pieces ({ $colour }) from their camp into the opposite one, with steps and hops as in a game; the camp rule applies and there is no opponent. The par, the engine's best, is { $par }.
puzzle-goal-chain = You play { $colour }. Find the one move that brings your pieces closest to their target camp: often a long chain of hops. You have one try.
puzzle-progress = So far: { $moves }, { $home } of { $total } pieces home.
puzzle-how = Play with the Move button, or with `/halma move` in a channel without a game of yours. `/halma puzzle giveup` ends it.
puzzle-moved = You played { $chain }.
puzzle-crossed-at-par = ✅ Crossed in { $moves }: exactly the par!
puzzle-crossed-under-par = ✅ Crossed in { $moves }: { $by } under the par of { $par }. You beat the engine!
puzzle-crossed-over-par = ✅ Crossed in { $moves }: { $by } over the par of { $par }.
puzzle-chain-solved = ✅ Right: { $chain } is the best move (gain { $gain }, in steps toward the target camp).
puzzle-chain-wrong = ❌ Not the best: your move's gain is { $played }. The best was { $chain } (gain { $gain }), marked on the board.
puzzle-out-of-moves = ⌛ { $moves } without filling the camp: this crossing is over.
puzzle-gave-up-chain = You gave up. The best move was { $chain }, marked on the board.
puzzle-gave-up-crossing = You gave up. The par of this crossing is { $par }.
puzzle-rating = Puzzle rating: { $before } → { $after }.
puzzle-streak = Days solved in a row: { $current } (longest: { $longest }).
puzzle-daily-done = That was today's puzzle; tomorrow brings a new one. `/halma puzzle leaderboard` shows how everyone did.
puzzle-board-none = Nobody has asked for today's puzzle yet ({ $day }). Be the first: `/halma puzzle daily`.
puzzle-board-crossing = **Today's puzzle** ({ $day }): a crossing on { $variant }, par { $par }.
puzzle-board-chain = **Today's puzzle** ({ $day }): a chain puzzle on { $variant }.
puzzle-board-empty = Nobody has finished it yet.
puzzle-board-row = { $place }. <@{ $user }>: { $result } · rating { $rating } · streak { $streak }
puzzle-result-solved = solved
puzzle-result-gave-up = gave up
puzzle-result-failed = not solved
puzzle-announce-crossing = 🧩 **Today's puzzle** ({ $day }) is out: a crossing on { $variant }, par { $par }. Try it with `/halma puzzle daily`: only you see your attempt, and `/halma puzzle leaderboard` shows how everyone did.
puzzle-announce-chain = 🧩 **Today's puzzle** ({ $day }) is out: a chain puzzle on { $variant }. Try it with `/halma puzzle daily`: only you see your attempt, and `/halma puzzle leaderboard` shows how everyone did.
count-days =
    { $n ->
        [one] { $n } day
       *[other] { $n } days
    }
cmd-halma-puzzle = Puzzles: a crossing or a chain puzzle of your own, or the server's daily one
cmd-halma-puzzle-start = Start a puzzle of your own (only you see it)
cmd-halma-puzzle-daily = Today's puzzle, the same for everyone in this server (only you see yours)
cmd-halma-puzzle-board = Show your open puzzle again
cmd-halma-puzzle-giveup = Give up your open puzzle
cmd-halma-puzzle-leaderboard = How this server's members did in today's puzzle
opt-halma-puzzle-start-kind = crossing (fill the opposite camp in few moves) or chain (find the best move)
opt-halma-puzzle-start-variant = The board: star2, small, ig10 or standard (default: star2)
name-command-puzzle = puzzle
name-command-daily = daily
name-command-giveup = giveup
name-option-kind = kind
choice-kind-crossing = crossing
choice-kind-chain = chain
