//! A tournament's messages: the announcement with its Join and Leave buttons, each round's
//! pairings, the standings (rank, name, points, tiebreaks, games) and the final podium, and
//! the short answers to a member's tournament commands. Each fits one Discord message: long
//! lists end with "and N more". An arena's own lines are in `arena.rs`.

use super::tournament_lines::{pairing_lines, relative};
use super::{fit_rows, Button, ButtonStyle, LinkButton, Page, Reply};
use crate::clicks::Action;
use crate::locale::{self, count, text, Lang};
use crate::service::{
    RoundView, StandingExtras, StandingRow, StandingsView, Tournament, TournamentAnswer,
    TournamentStatus, TournamentView, MAX_TOURNAMENT_PLAYERS,
};

/// The short answer to a member's tournament command: only they see it, but for the
/// standings, which everyone may read.
pub fn tournament_answer(lang: Lang, answer: &TournamentAnswer) -> Reply {
    let name = |view: &TournamentView| ("name", super::echo(&view.tournament.name));
    let (key, args) = match answer {
        TournamentAnswer::Standings(table) => return tournament_standings(lang, table),
        TournamentAnswer::Created(view) => ("tournament.created", vec![name(view)]),
        TournamentAnswer::Joined(view) => (
            "tournament.joined",
            vec![
                name(view),
                ("players", view.players.len().to_string()),
                ("start", relative(view.tournament.starts_at)),
            ],
        ),
        TournamentAnswer::Left(view) => ("tournament.left", vec![name(view)]),
        TournamentAnswer::Withdrawn(view) => ("tournament.withdrawn", vec![name(view)]),
        TournamentAnswer::Started(view) => match view.tournament.ends_at() {
            Some(end) if view.tournament.is_arena() => (
                "tournament.arena_started",
                vec![name(view), ("end", relative(end))],
            ),
            _ => ("tournament.started", vec![name(view)]),
        },
        TournamentAnswer::Paused(view) => ("tournament.paused", vec![name(view)]),
        TournamentAnswer::Resumed(view) => ("tournament.resumed", vec![name(view)]),
        TournamentAnswer::Cancelled(view) => ("tournament.cancelled", vec![name(view)]),
    };
    Reply {
        content: text(lang, key, &args),
        ephemeral: true,
        ..Reply::default()
    }
}

/// The announcement: the terms, the start, the players and where it stands; Join and Leave
/// while it gathers players.
pub fn tournament_announcement(lang: Lang, view: &TournamentView) -> Reply {
    let t = &view.tournament;
    let mut head = if t.is_arena() {
        super::arena::announcement_head(lang, t)
    } else {
        swiss_head(lang, t)
    };
    let mut players: Vec<String> = view
        .players
        .iter()
        .map(|p| format!("<@{}>", p.user))
        .collect();
    if players.is_empty() {
        head.push(text(lang, "tournament.no_players", &[]));
    } else {
        head.push(text(
            lang,
            "tournament.players",
            &[
                ("count", view.players.len().to_string()),
                ("limit", MAX_TOURNAMENT_PLAYERS.to_string()),
            ],
        ));
    }
    // Players as a list of mentions, as many as fit.
    let rows = std::mem::take(&mut players);
    let buttons = match t.status {
        TournamentStatus::Open => vec![
            Button {
                action: Action::JoinTournament(t.id),
                label: text(lang, "button.join", &[]),
                style: ButtonStyle::Success,
            },
            Button {
                action: Action::LeaveTournament(t.id),
                label: text(lang, "button.leave", &[]),
                style: ButtonStyle::Secondary,
            },
        ],
        _ => Vec::new(),
    };
    Reply {
        content: fit_rows(lang, head, rows),
        buttons,
        links: standings_link(lang, t),
        ..Reply::default()
    }
}

/// The link to the tournament's live standings page (shown where the bot has a public URL).
fn standings_link(lang: Lang, t: &Tournament) -> Vec<LinkButton> {
    vec![LinkButton {
        label: text(lang, "button.standings", &[]),
        page: Page::Tournament(t.web_token.clone(), lang),
    }]
}

/// A Swiss tournament's announcement's first lines: the terms, the rounds, where it stands.
fn swiss_head(lang: Lang, t: &Tournament) -> Vec<String> {
    let mut head = vec![text(
        lang,
        "tournament.announce",
        &[
            ("name", super::echo(&t.name)),
            ("variant", t.variant.name().to_string()),
            ("timeout", locale::duration_in(lang, t.turn_timeout)),
            ("organizer", t.organizer.to_string()),
        ],
    )];
    head.push(match t.rounds {
        Some(rounds) => text(lang, "tournament.rounds", &[("rounds", rounds.to_string())]),
        None => text(lang, "tournament.rounds_default", &[]),
    });
    head.push(match t.status {
        TournamentStatus::Open => text(
            lang,
            "tournament.starts",
            &[("start", relative(t.starts_at))],
        ),
        TournamentStatus::Running => text(
            lang,
            "tournament.running",
            &[
                ("round", t.current_round.to_string()),
                ("rounds", t.rounds.unwrap_or(0).to_string()),
            ],
        ),
        TournamentStatus::Finished => text(lang, "tournament.finished", &[]),
        TournamentStatus::Cancelled => text(lang, "tournament.called_off", &[]),
    });
    head
}

/// A round's pairings, board by board, each with its game's thread, and the bye (an arena's
/// wave of new games: see `arena.rs`).
pub fn tournament_round(lang: Lang, round: &RoundView) -> Reply {
    let t = &round.tournament;
    if t.is_arena() {
        return Reply {
            content: super::arena::arena_games(lang, round),
            ..Reply::default()
        };
    }
    let head = vec![text(
        lang,
        "tournament.round",
        &[
            ("name", super::echo(&t.name)),
            ("round", round.round.to_string()),
            ("rounds", t.rounds.unwrap_or(0).to_string()),
        ],
    )];
    Reply {
        content: fit_rows(lang, head, pairing_lines(lang, round)),
        ..Reply::default()
    }
}

/// One line of a Swiss tournament's standings.
fn standing_line(lang: Lang, row: &StandingRow) -> String {
    let (buchholz, sb) = match row.extras {
        StandingExtras::Swiss {
            buchholz,
            sonneborn_berger,
        } => (buchholz, sonneborn_berger),
        StandingExtras::Arena { .. } => Default::default(),
    };
    text(
        lang,
        if row.withdrawn {
            "tournament.standing_withdrawn"
        } else {
            "tournament.standing"
        },
        &[
            ("place", row.place.to_string()),
            ("user", row.user.to_string()),
            ("points", row.points.to_string()),
            ("buchholz", buchholz.to_string()),
            ("sb", sb.to_string()),
            ("games", count(lang, "games", u64::from(row.games))),
        ],
    )
}

/// The standings: rank, name, points, Buchholz, Sonneborn–Berger and games, best first (an
/// arena's: see `arena.rs`).
pub fn tournament_standings(lang: Lang, table: &StandingsView) -> Reply {
    let t = &table.tournament;
    if t.is_arena() {
        return Reply {
            content: super::arena::arena_standings(lang, table),
            links: standings_link(lang, t),
            ..Reply::default()
        };
    }
    let mut head = vec![match table.rounds {
        Some(rounds) => text(
            lang,
            "tournament.standings",
            &[
                ("name", super::echo(&t.name)),
                ("round", t.current_round.to_string()),
                ("rounds", rounds.to_string()),
            ],
        ),
        None => text(
            lang,
            "tournament.standings_before",
            &[("name", super::echo(&t.name))],
        ),
    }];
    head.push(text(lang, "tournament.standings_legend", &[]));
    let rows = table.rows.iter().map(|r| standing_line(lang, r)).collect();
    Reply {
        content: fit_rows(lang, head, rows),
        links: standings_link(lang, t),
        ..Reply::default()
    }
}

/// The podium of a finished tournament: the first three places (more when they share one).
pub fn tournament_podium(lang: Lang, table: &StandingsView) -> Reply {
    let head = vec![text(
        lang,
        "tournament.podium",
        &[("name", super::echo(&table.tournament.name))],
    )];
    let medal = |place: u32| match place {
        1 => "🥇",
        2 => "🥈",
        _ => "🥉",
    };
    let mut rows: Vec<String> = table
        .rows
        .iter()
        .filter(|r| r.place <= 3)
        .map(|r| {
            text(
                lang,
                "tournament.podium_place",
                &[
                    ("medal", medal(r.place).to_string()),
                    ("user", r.user.to_string()),
                    ("points", r.points.to_string()),
                ],
            )
        })
        .collect();
    rows.push(text(lang, "tournament.podium_thanks", &[]));
    let pings = table
        .rows
        .iter()
        .filter(|r| r.place <= 3)
        .map(|r| r.user)
        .collect();
    Reply {
        content: fit_rows(lang, head, rows),
        pings,
        ..Reply::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{TournamentFormat, TournamentId};
    use crate::service::{Entrant, Tournament};
    use chrono::{TimeDelta, TimeZone, Utc};
    use halma::Variant;
    use halma_pairing::Points;

    fn tournament(status: TournamentStatus) -> Tournament {
        let at = Utc.with_ymd_and_hms(2026, 12, 3, 19, 0, 0).unwrap();
        Tournament {
            id: TournamentId(7),
            guild: 1,
            channel: 2,
            name: "Friday **Swiss**".into(),
            format: TournamentFormat::Swiss,
            variant: Variant::Small,
            turn_timeout: TimeDelta::minutes(5),
            rounds: Some(3),
            duration: None,
            starts_at: at,
            status,
            organizer: 9,
            announcement: None,
            standings: None,
            current_round: 2,
            created_at: at,
            started_at: None,
            finished_at: None,
            web_token: "tok".into(),
        }
    }

    fn entrant(user: u64) -> Entrant {
        Entrant {
            user,
            name: format!("player {user}"),
            rating: None,
            withdrawn: false,
            bye_round: None,
            place: None,
            ready_at: None,
            paused: false,
        }
    }

    #[test]
    fn announcements_fit_and_offer_buttons_only_while_open() {
        let players = (1..=256).map(|u| entrant(u64::MAX - u)).collect();
        let view = TournamentView {
            tournament: tournament(TournamentStatus::Open),
            players,
        };
        for lang in Lang::ALL {
            let reply = tournament_announcement(lang, &view);
            assert!(reply.content.chars().count() <= super::super::MESSAGE_LIMIT);
            assert_eq!(reply.buttons.len(), 2);
            assert!(reply.content.contains("<t:"), "{}", reply.content);
        }
        let running = TournamentView {
            tournament: tournament(TournamentStatus::Running),
            players: vec![entrant(1)],
        };
        assert!(tournament_announcement(Lang::En, &running)
            .buttons
            .is_empty());
    }

    #[test]
    fn standings_show_points_and_tiebreaks_and_fit() {
        let rows = (1..=256u64)
            .map(|u| StandingRow {
                place: u as u32,
                user: u64::MAX - u,
                name: format!("p{u}"),
                points: Points::from_quarters(10),
                games: 3,
                withdrawn: u == 2,
                extras: StandingExtras::Swiss {
                    buchholz: Points::whole(4),
                    sonneborn_berger: Points::from_quarters(6),
                },
            })
            .collect();
        let table = StandingsView {
            tournament: tournament(TournamentStatus::Running),
            rounds: Some(3),
            rows,
        };
        for lang in Lang::ALL {
            let reply = tournament_standings(lang, &table);
            assert!(reply.content.chars().count() <= super::super::MESSAGE_LIMIT);
            assert!(reply.content.contains("2½"), "{}", reply.content);
        }
        let podium = tournament_podium(Lang::En, &table);
        assert!(podium.content.contains("🥇") && podium.content.contains("🥉"));
        assert_eq!(podium.pings.len(), 3);
    }
}
