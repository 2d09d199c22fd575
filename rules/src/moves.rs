//! Moves: generating them, checking them, and finding the hop chain behind
//! a move.

use crate::bitboard::Board;
use crate::hops::{class_of, HopBoards, DIRECTIONS};
use crate::star::{self, Holes, Mover};
use crate::{Bitboard, MoveText, Options, Position, Seat, Square, Variant};
use std::fmt;

/// Per board side: step targets and (hopped square, landing square) pairs of
/// every square, computed once at compile time.
struct Geometry {
    steps: [Board; 256],
    hops: [[(u8, u8); 8]; 256],
    hop_count: [u8; 256],
}

const fn geometry(side: u8) -> Geometry {
    let mut g = Geometry {
        steps: [Board::EMPTY; 256],
        hops: [[(0, 0); 8]; 256],
        hop_count: [0; 256],
    };
    let mut i = 0;
    while i < 256 {
        let sq = Square::from_index(i as u8);
        if sq.file() < side && sq.rank() < side {
            let mut d = 0;
            while d < 8 {
                let (df, dr) = DIRECTIONS[d];
                let f1 = sq.file() as i8 + df;
                let r1 = sq.rank() as i8 + dr;
                let f2 = f1 + df;
                let r2 = r1 + dr;
                let s = side as i8;
                if f1 >= 0 && f1 < s && r1 >= 0 && r1 < s {
                    let next = (r1 as i16 * 16 + f1 as i16) as u8;
                    g.steps[i] = g.steps[i].with(Square::from_index(next));
                    if f2 >= 0 && f2 < s && r2 >= 0 && r2 < s {
                        let n = g.hop_count[i] as usize;
                        g.hops[i][n] = (next, (r2 as i16 * 16 + f2 as i16) as u8);
                        g.hop_count[i] += 1;
                    }
                }
                d += 1;
            }
        }
        i += 1;
    }
    g
}

static GEOMETRY_16: Geometry = geometry(16);
static GEOMETRY_10: Geometry = geometry(10);
static GEOMETRY_8: Geometry = geometry(8);

fn geometry_of(variant: Variant) -> &'static Geometry {
    match variant.side() {
        16 => &GEOMETRY_16,
        10 => &GEOMETRY_10,
        _ => &GEOMETRY_8,
    }
}

/// A move, named by its start and end squares: a step, or the ends of a hop
/// chain.
///
/// ```
/// use halma::Move;
/// let mv: Move = "e12-g10".parse().unwrap();
/// assert_eq!(mv.to_string(), "e12-g10");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it ends.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a well-formed move cannot be played in this position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has ended.
    GameOver,
    /// The seat trying to move is not the one whose turn it is.
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Whose turn it is.
        to_move: Seat,
    },
    /// The square is outside this variant's board.
    OffBoard(Square),
    /// No piece stands on the start square.
    EmptySquare(Square),
    /// The piece on the start square belongs to someone else.
    NotYourPiece {
        /// The start square.
        square: Square,
        /// The piece's owner.
        owner: Seat,
    },
    /// Start and end are the same square.
    SameSquare(Square),
    /// With `no_parking` on the star: the move would end in a point that is
    /// neither the mover's home nor target.
    EndsInForeignPoint(Square),
    /// A piece stands on a landing square.
    Occupied(Square),
    /// The end square cannot be reached from the start in one move.
    Unreachable {
        /// Start.
        from: Square,
        /// End.
        to: Square,
    },
    /// The only ways there step or hop out of the mover's target camp.
    LeavesTargetCamp {
        /// The square inside the camp.
        from: Square,
        /// The square outside it.
        to: Square,
    },
    /// Two squares of a chain are not one hop apart (two squares in a line).
    NotAHop {
        /// Where the hop starts.
        from: Square,
        /// Where it was to land.
        to: Square,
    },
    /// A hop over an empty square.
    NothingToHopOver {
        /// Where the hop starts.
        from: Square,
        /// The empty square in between.
        over: Square,
    },
    /// A chain lands on a square it already visited (or its start).
    Revisits(Square),
    /// "pass" while a move exists.
    CannotPass,
    /// This player cannot be removed: only `three`, `four`, `star3`, `star4` and `star6` go on
    /// without a player, and only one still in play.
    CannotRemove(Seat),
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use IllegalMove::*;
        match self {
            GameOver => write!(f, "the game is over"),
            NotYourTurn { seat, to_move } => {
                write!(f, "it is not {seat}'s turn: player {to_move} is to move")
            }
            OffBoard(sq) => write!(f, "{sq} is not on this board"),
            EmptySquare(sq) => write!(f, "there is no piece on {sq}"),
            NotYourPiece { square, owner } => write!(
                f,
                "the piece on {square} belongs to player {owner}, not to the player to move"
            ),
            SameSquare(sq) => write!(f, "a move must end on another square than {sq}"),
            EndsInForeignPoint(sq) => write!(
                f,
                "{sq} lies in a point that is neither your home nor your target, and no move may end there in this game"
            ),
            Occupied(sq) => write!(f, "{sq} is occupied"),
            Unreachable { from, to } => write!(
                f,
                "{to} cannot be reached from {from} with one step or a chain of hops"
            ),
            LeavesTargetCamp { from, to } => write!(
                f,
                "{from}-{to} would leave your target camp, and a piece there must stay in it"
            ),
            NotAHop { from, to } => write!(
                f,
                "{from} to {to} is not a hop: a hop goes two squares in a straight line"
            ),
            NothingToHopOver { from, over } => {
                write!(f, "the hop from {from} has no piece to jump over on {over}")
            }
            Revisits(sq) => write!(f, "the chain lands on {sq} twice"),
            CannotPass => write!(f, "you can only pass when no move is possible"),
            CannotRemove(seat) => write!(
                f,
                "player {seat} cannot leave this game (only three, four, star3, star4 and star6 go on without a player)"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    fn camp_limit(&self, opts: &Options) -> Board {
        if opts.camp_rule {
            Board::narrow(self.variant.target_camp(self.to_move))
        } else {
            Board::EMPTY
        }
    }

    /// On the star: what generating the moves of the player to move needs,
    /// with the camp rule and the parking ban as the switches say.
    fn mover(&self, camp_rule: bool, no_parking: bool) -> Mover {
        let seat = self.to_move;
        let target = self.variant.target_point(seat).map(star::point_holes);
        Mover {
            occupied: self.occupied_holes(),
            confined: if camp_rule { target.unwrap_or(0) } else { 0 },
            banned: if no_parking {
                self.variant.foreign_holes(seat)
            } else {
                0
            },
        }
    }

    /// The squares a step from `from` reaches.
    #[inline]
    fn steps(&self, from: Square, limit: Board) -> Board {
        let steps = geometry_of(self.variant).steps[from.index() as usize] & !self.occupied;
        if limit.contains(from) {
            steps & limit
        } else {
            steps
        }
    }

    /// Every square the piece on `from` can reach this turn (steps and hop
    /// chains), for whoever owns it, as if it were their turn.
    fn reach(&self, from: Square, limit: Board) -> Board {
        let hops = HopBoards::new(self.variant, self.occupied, limit);
        self.steps(from, limit) | HopBoards::squares(class_of(from), hops.reach(from))
    }

    /// Like [`reach`](Position::reach) on either kind of board, with the camp
    /// rule and (on the star) the parking ban switched as given.
    fn reach_with(&self, from: Square, camp_rule: bool, no_parking: bool) -> Bitboard {
        if self.variant.is_star() {
            return match star::hole(from) {
                Some(h) => star::to_bitboard(self.mover(camp_rule, no_parking).destinations(h)),
                None => Bitboard::EMPTY,
            };
        }
        let limit = if camp_rule {
            Board::narrow(self.variant.target_camp(self.to_move))
        } else {
            Board::EMPTY
        };
        self.reach(from, limit).wide()
    }

    /// The squares the piece on `from` may move to, if it belongs to the
    /// player to move (empty otherwise).
    ///
    /// ```
    /// use halma::{Options, Position, Variant};
    /// let pos = Position::start(Variant::Small);
    /// let opts = Options::for_variant(Variant::Small);
    /// let dests = pos.destinations("g3".parse().unwrap(), &opts);
    /// assert!(dests.contains("g4".parse().unwrap()));
    /// ```
    pub fn destinations(&self, from: Square, opts: &Options) -> Bitboard {
        if self.piece_at(from) != Some(self.to_move) {
            return Bitboard::EMPTY;
        }
        self.reach_with(from, opts.camp_rule, opts.no_parking)
    }

    /// Calls `f` with each piece of the player to move and its destinations
    /// (pieces without a move are skipped).
    pub fn for_each_destination(&self, opts: &Options, mut f: impl FnMut(Square, Bitboard)) {
        if self.variant.is_star() {
            let mover = self.mover(opts.camp_rule, opts.no_parking);
            for from in star::holes_of(self.holes(self.to_move)) {
                let dests = mover.destinations(from);
                if dests != 0 {
                    f(star::STAR.square[from as usize], star::to_bitboard(dests));
                }
            }
            return;
        }
        let limit = self.camp_limit(opts);
        let hops = HopBoards::new(self.variant, self.occupied, limit);
        for from in self.pieces[self.to_move.index()].squares() {
            let dests =
                self.steps(from, limit) | HopBoards::squares(class_of(from), hops.reach(from));
            if !dests.is_empty() {
                f(from, dests.wide());
            }
        }
    }

    /// The number of legal moves (distinct start–end pairs).
    pub fn count_moves(&self, opts: &Options) -> u64 {
        if self.variant.is_star() {
            let mover = self.mover(opts.camp_rule, opts.no_parking);
            return star::holes_of(self.holes(self.to_move))
                .map(|from| mover.destinations(from).count_ones() as u64)
                .sum();
        }
        let limit = self.camp_limit(opts);
        let hops = HopBoards::new(self.variant, self.occupied, limit);
        self.pieces[self.to_move.index()]
            .squares()
            .map(|from| (self.steps(from, limit).count() + hops.reach(from).count_ones()) as u64)
            .sum()
    }

    /// Every legal move of the player to move, grouped by piece (pieces in
    /// square index order). Empty when the player must pass.
    pub fn legal_moves(&self, opts: &Options) -> Vec<Move> {
        let mut moves = Vec::with_capacity(256);
        self.legal_moves_into(opts, &mut moves);
        moves
    }

    /// Every legal move of the player to move, written into `out` (cleared
    /// first) in the same order as [`legal_moves`](Position::legal_moves).
    /// Reusing one buffer avoids an allocation per position, which matters
    /// to a search that generates moves millions of times.
    ///
    /// ```
    /// use halma::{Options, Position, Variant};
    /// let pos = Position::start(Variant::Small);
    /// let opts = Options::for_variant(Variant::Small);
    /// let mut buffer = Vec::new();
    /// pos.legal_moves_into(&opts, &mut buffer);
    /// assert_eq!(buffer, pos.legal_moves(&opts));
    /// ```
    pub fn legal_moves_into(&self, opts: &Options, out: &mut Vec<Move>) {
        out.clear();
        if self.variant.is_star() {
            self.star_moves_into(opts, out);
            return;
        }
        let limit = self.camp_limit(opts);
        let hops = HopBoards::new(self.variant, self.occupied, limit);
        for from in self.pieces[self.to_move.index()].squares() {
            out.extend(
                self.steps(from, limit)
                    .squares()
                    .map(|to| Move { from, to }),
            );
            let class = class_of(from);
            out.extend(HopBoards::expand_bits(class, hops.reach(from)).map(|to| Move { from, to }));
        }
    }

    /// The star's part of [`legal_moves_into`](Position::legal_moves_into):
    /// pieces in hole order (rank by rank), each piece's destinations too.
    fn star_moves_into(&self, opts: &Options, out: &mut Vec<Move>) {
        let mover = self.mover(opts.camp_rule, opts.no_parking);
        let squares = &star::STAR.square;
        for from in star::holes_of(self.holes(self.to_move)) {
            let from_sq = squares[from as usize];
            out.extend(star::holes_of(mover.destinations(from)).map(|to| Move {
                from: from_sq,
                to: squares[to as usize],
            }));
        }
    }

    /// Whether the player to move has any legal move.
    pub fn has_moves(&self, opts: &Options) -> bool {
        if self.variant.is_star() {
            let mover = self.mover(opts.camp_rule, opts.no_parking);
            return star::holes_of(self.holes(self.to_move)).any(|h| mover.destinations(h) != 0);
        }
        let limit = self.camp_limit(opts);
        let hops = HopBoards::new(self.variant, self.occupied, limit);
        self.pieces[self.to_move.index()]
            .squares()
            .any(|from| !self.steps(from, limit).is_empty() || hops.reach(from) != 0)
    }

    /// Checks that `mv` is legal for the player to move and says why not.
    ///
    /// ```
    /// use halma::{IllegalMove, Options, Position, Variant};
    /// let pos = Position::start(Variant::Standard);
    /// let opts = Options::for_variant(Variant::Standard);
    /// assert!(pos.check_move("m3-l4".parse().unwrap(), &opts).is_ok());
    /// assert_eq!(
    ///     pos.check_move("a16-a11".parse().unwrap(), &opts),
    ///     Err(IllegalMove::NotYourPiece { square: "a16".parse().unwrap(), owner: halma::Seat::B })
    /// );
    /// ```
    pub fn check_move(&self, mv: Move, opts: &Options) -> Result<(), IllegalMove> {
        self.check_start(mv.from)?;
        if !self.variant.contains(mv.to) {
            return Err(IllegalMove::OffBoard(mv.to));
        }
        if mv.from == mv.to {
            return Err(IllegalMove::SameSquare(mv.from));
        }
        if self.piece_at(mv.to).is_some() {
            return Err(IllegalMove::Occupied(mv.to));
        }
        if self.destinations(mv.from, opts).contains(mv.to) {
            return Ok(());
        }
        let parking = opts.no_parking && self.variant.is_star();
        if opts.camp_rule && self.reach_with(mv.from, false, parking).contains(mv.to) {
            // Name the hop (or the step) that would leave the camp.
            let limit = self.variant.target_camp(self.to_move);
            let exit = self
                .path(mv, false)
                .and_then(|path| {
                    path.windows(2)
                        .find(|w| limit.contains(w[0]) && !limit.contains(w[1]))
                        .map(|w| (w[0], w[1]))
                })
                .unwrap_or((mv.from, mv.to));
            return Err(IllegalMove::LeavesTargetCamp {
                from: exit.0,
                to: exit.1,
            });
        }
        if parking
            && self
                .reach_with(mv.from, opts.camp_rule, false)
                .contains(mv.to)
        {
            return Err(IllegalMove::EndsInForeignPoint(mv.to));
        }
        Err(IllegalMove::Unreachable {
            from: mv.from,
            to: mv.to,
        })
    }

    fn check_start(&self, from: Square) -> Result<(), IllegalMove> {
        if !self.variant.contains(from) {
            return Err(IllegalMove::OffBoard(from));
        }
        match self.piece_at(from) {
            None => Err(IllegalMove::EmptySquare(from)),
            Some(owner) if owner != self.to_move => Err(IllegalMove::NotYourPiece {
                square: from,
                owner,
            }),
            Some(_) => Ok(()),
        }
    }

    /// Checks a move as written: two squares are a move by its ends (a step
    /// or any chain between them), more are a chain checked hop by hop.
    /// Returns the move and the chain to draw for it.
    ///
    /// ```
    /// use halma::{IllegalMove, MoveText, Options, Position, Variant};
    /// let pos = Position::start(Variant::Standard);
    /// let opts = Options::for_variant(Variant::Standard);
    /// let text: MoveText = "n3-n4".parse().unwrap();
    /// assert!(matches!(pos.check_text(&text, &opts), Err(IllegalMove::Occupied(_))));
    /// let text: MoveText = "M3 l4".parse().unwrap();
    /// let (mv, chain) = pos.check_text(&text, &opts).unwrap();
    /// assert_eq!(mv.to_string(), "m3-l4");
    /// assert_eq!(chain.len(), 2);
    /// ```
    pub fn check_text(
        &self,
        text: &MoveText,
        opts: &Options,
    ) -> Result<(Move, Vec<Square>), IllegalMove> {
        let squares = text.squares();
        let mv = text.ends();
        if squares.len() == 2 {
            self.check_move(mv, opts)?;
            let chain = self.chain(mv, opts).ok_or(IllegalMove::Unreachable {
                from: mv.from,
                to: mv.to,
            })?;
            return Ok((mv, chain));
        }
        let from = mv.from;
        self.check_start(from)?;
        if let Some(&off) = squares.iter().find(|s| !self.variant.contains(**s)) {
            return Err(IllegalMove::OffBoard(off));
        }
        let star = self.variant.is_star();
        let limit = if opts.camp_rule {
            self.variant.target_camp(self.to_move)
        } else {
            Bitboard::EMPTY
        };
        let occupied = self.occupied().without(from);
        let mut visited = Bitboard::EMPTY.with(from);
        for w in squares.windows(2) {
            let (a, b) = (w[0], w[1]);
            let over = if star {
                star::jumped(a, b)
            } else {
                let df = b.file() as i8 - a.file() as i8;
                let dr = b.rank() as i8 - a.rank() as i8;
                let straight = (df == 0 || df.abs() == 2) && (dr == 0 || dr.abs() == 2);
                if straight && (df != 0 || dr != 0) {
                    a.offset(df / 2, dr / 2)
                } else {
                    None
                }
            };
            let Some(over) = over else {
                return Err(IllegalMove::NotAHop { from: a, to: b });
            };
            if occupied.contains(b) {
                return Err(IllegalMove::Occupied(b));
            }
            if !occupied.contains(over) {
                return Err(IllegalMove::NothingToHopOver { from: a, over });
            }
            if visited.contains(b) {
                return Err(if b == from {
                    IllegalMove::SameSquare(from)
                } else {
                    IllegalMove::Revisits(b)
                });
            }
            if limit.contains(a) && !limit.contains(b) {
                return Err(IllegalMove::LeavesTargetCamp { from: a, to: b });
            }
            visited.insert(b);
        }
        if star && opts.no_parking && self.variant.foreign_points(self.to_move).contains(mv.to) {
            return Err(IllegalMove::EndsInForeignPoint(mv.to));
        }
        Ok((mv, squares.to_vec()))
    }

    /// A shortest way to play `mv`: `[from, to]` for a step, or every
    /// landing square of a shortest hop chain. `None` if `mv` is illegal.
    ///
    /// ```
    /// use halma::{Options, Position};
    /// let pos: Position = "small 4bbbb/5bbb/6bb/7b/2a5/8/1a6/a7 a".parse().unwrap();
    /// let opts = Options::default_for(&pos);
    /// let chain = pos.chain("a1-c5".parse().unwrap(), &opts).unwrap();
    /// let names: Vec<String> = chain.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["a1", "c3", "c5"].map(String::from));
    /// ```
    pub fn chain(&self, mv: Move, opts: &Options) -> Option<Vec<Square>> {
        self.check_move(mv, opts).ok()?;
        if self.variant.distance(mv.from, mv.to) == 1 {
            return Some(vec![mv.from, mv.to]);
        }
        self.path(mv, opts.camp_rule)
    }

    /// A shortest hop chain from `mv.from` to `mv.to`, with or without the
    /// camp rule.
    fn path(&self, mv: Move, camp_rule: bool) -> Option<Vec<Square>> {
        if self.variant.is_star() {
            let (from, to) = (star::hole(mv.from)?, star::hole(mv.to)?);
            return self.mover(camp_rule, false).path(from, to);
        }
        let limit = if camp_rule {
            Board::narrow(self.variant.target_camp(self.to_move))
        } else {
            Board::EMPTY
        };
        self.square_path(mv, limit)
    }

    /// Breadth-first search over hops from `mv.from` to `mv.to`.
    fn square_path(&self, mv: Move, limit: Board) -> Option<Vec<Square>> {
        let g = geometry_of(self.variant);
        let occupied = self.occupied.without(mv.from);
        let mut parent = [u8::MAX; 256];
        let mut seen = Board::EMPTY.with(mv.from);
        let mut queue = std::collections::VecDeque::from([mv.from.index() as u8]);
        while let Some(s) = queue.pop_front() {
            let sq = Square::from_index(s);
            if sq == mv.to {
                let mut path = vec![sq];
                let mut at = s;
                while Square::from_index(at) != mv.from {
                    at = parent[at as usize];
                    path.push(Square::from_index(at));
                }
                path.reverse();
                return Some(path);
            }
            let confined = limit.contains(sq);
            for &(over, land) in &g.hops[s as usize][..g.hop_count[s as usize] as usize] {
                let land_sq = Square::from_index(land);
                if occupied.contains(Square::from_index(over))
                    && !occupied.contains(land_sq)
                    && !seen.contains(land_sq)
                    && (!confined || limit.contains(land_sq))
                {
                    seen.insert(land_sq);
                    parent[land as usize] = s;
                    queue.push_back(land);
                }
            }
        }
        None
    }

    /// The position after `mv`, which must be legal (see
    /// [`check_move`](Position::check_move)); the turn passes on.
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let seat = self.to_move;
        if self.variant.is_star() {
            let (Some(from), Some(to)) = (star::hole(mv.from), star::hole(mv.to)) else {
                return self.clone();
            };
            let mut holes = self.all_holes();
            let moved: Holes = (1 << from) | (1 << to);
            holes[seat.index()] ^= moved;
            let mut next = Position::from_holes(self.variant, holes, seat);
            next.to_move = next.next_seat(seat);
            return next;
        }
        let mut pieces = self.pieces;
        pieces[seat.index()] = pieces[seat.index()].without(mv.from).with(mv.to);
        Position {
            variant: self.variant,
            pieces,
            occupied: self.occupied.without(mv.from).with(mv.to),
            to_move: self.next_seat(seat),
        }
    }
}

impl Options {
    /// The defaults for the variant of `pos`.
    pub fn default_for(pos: &Position) -> Options {
        Options::for_variant(pos.variant())
    }
}
