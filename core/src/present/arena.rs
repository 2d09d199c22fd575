//! An arena's messages where they differ from a Swiss tournament's: the announcement's terms
//! (a length instead of rounds), each wave of new games, and the standings (points, games, a
//! streak's 🔥, who paused). The podium and the short answers are shared (`tournament.rs`).

use super::fit_rows;
use super::tournament_lines::{pairing_lines, relative};
use crate::locale::{self, count, text, Lang};
use crate::service::{
    RoundView, StandingExtras, StandingRow, StandingsView, Tournament, TournamentStatus,
};

/// When the arena ends, as Discord shows it to each reader; `None` before its start.
fn end_of(arena: &Tournament) -> Option<String> {
    arena.ends_at().map(relative)
}

/// The announcement's first lines: the terms, how an arena goes, and where it stands.
pub(super) fn announcement_head(lang: Lang, arena: &Tournament) -> Vec<String> {
    let mut head = vec![
        text(
            lang,
            "tournament.arena_announce",
            &[
                ("name", super::echo(&arena.name)),
                ("variant", arena.variant.name().to_string()),
                ("timeout", locale::duration_in(lang, arena.turn_timeout)),
                (
                    "duration",
                    locale::duration_in(lang, arena.duration.unwrap_or_default()),
                ),
                ("organizer", arena.organizer.to_string()),
            ],
        ),
        text(lang, "tournament.arena_rules", &[]),
    ];
    head.push(match (arena.status, end_of(arena)) {
        (TournamentStatus::Open, _) => text(
            lang,
            "tournament.starts",
            &[("start", relative(arena.starts_at))],
        ),
        (TournamentStatus::Running, Some(end)) => {
            text(lang, "tournament.arena_running", &[("end", end)])
        }
        (TournamentStatus::Cancelled, _) => text(lang, "tournament.called_off", &[]),
        _ => text(lang, "tournament.finished", &[]),
    });
    head
}

/// A wave of new games, each with its thread.
pub(super) fn arena_games(lang: Lang, wave: &RoundView) -> String {
    let head = vec![text(
        lang,
        "tournament.arena_games",
        &[("name", super::echo(&wave.tournament.name))],
    )];
    let rows = pairing_lines(lang, wave);
    fit_rows(lang, head, rows)
}

/// One line of an arena's standings: place, player, points, games, then a streak's 🔥 and
/// a pause.
fn standing_line(lang: Lang, row: &StandingRow) -> String {
    let key = if row.withdrawn {
        "tournament.arena_standing_withdrawn"
    } else {
        "tournament.arena_standing"
    };
    let mut line = text(
        lang,
        key,
        &[
            ("place", row.place.to_string()),
            ("user", row.user.to_string()),
            ("points", row.points.to_string()),
            ("games", count(lang, "games", u64::from(row.games))),
        ],
    );
    if let StandingExtras::Arena { streak, paused, .. } = row.extras {
        if row.on_fire() {
            line.push_str(" · ");
            line.push_str(&text(
                lang,
                "tournament.arena_fire",
                &[("streak", streak.to_string())],
            ));
        }
        if paused && !row.withdrawn {
            line.push_str(" · ");
            line.push_str(&text(lang, "tournament.arena_paused", &[]));
        }
    }
    line
}

/// An arena's standings: rank, name, points, games and streak, best first.
pub(super) fn arena_standings(lang: Lang, table: &StandingsView) -> String {
    let arena = &table.tournament;
    let name = ("name", super::echo(&arena.name));
    let title = match (arena.status, end_of(arena)) {
        (TournamentStatus::Running, Some(end)) => {
            text(lang, "tournament.arena_standings", &[name, ("end", end)])
        }
        (TournamentStatus::Open, _) | (_, None) => {
            text(lang, "tournament.arena_standings_before", &[name])
        }
        _ => text(lang, "tournament.arena_standings_over", &[name]),
    };
    let head = vec![title, text(lang, "tournament.arena_legend", &[])];
    let rows = table.rows.iter().map(|r| standing_line(lang, r)).collect();
    fit_rows(lang, head, rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{TournamentFormat, TournamentId};
    use chrono::{TimeDelta, TimeZone, Utc};
    use halma::Variant;
    use halma_pairing::Points;

    fn arena(status: TournamentStatus) -> Tournament {
        let at = Utc.with_ymd_and_hms(2026, 12, 7, 20, 0, 0).unwrap();
        Tournament {
            id: TournamentId(8),
            guild: 1,
            channel: 2,
            name: "Arena **hour**".into(),
            format: TournamentFormat::Arena,
            variant: Variant::Small,
            turn_timeout: TimeDelta::minutes(1),
            rounds: None,
            duration: Some(TimeDelta::minutes(60)),
            starts_at: at,
            status,
            organizer: 9,
            announcement: None,
            standings: None,
            current_round: 4,
            created_at: at,
            started_at: Some(at),
            finished_at: None,
            web_token: "tok".into(),
        }
    }

    #[test]
    fn standings_show_points_games_streaks_and_pauses_and_fit() {
        let rows = (1..=256u64)
            .map(|u| StandingRow {
                place: u as u32,
                user: u64::MAX - u,
                name: format!("p{u}"),
                points: Points::whole(300 - u as u32),
                games: 30,
                withdrawn: u == 3,
                extras: StandingExtras::Arena {
                    streak: if u == 1 { 4 } else { 0 },
                    performance: Some(2000),
                    paused: u == 2,
                },
            })
            .collect();
        let table = StandingsView {
            tournament: arena(TournamentStatus::Running),
            rounds: None,
            rows,
        };
        for lang in Lang::ALL {
            let content = arena_standings(lang, &table);
            assert!(content.chars().count() <= super::super::MESSAGE_LIMIT);
            assert!(content.contains("<t:"), "{content}");
        }
        let content = arena_standings(Lang::En, &table);
        let line = |n: usize| {
            content
                .lines()
                .find(|l| l.starts_with(&format!("{n}. ")))
                .unwrap()
        };
        assert!(line(1).contains("299 pts · 30 games · 🔥 4"), "{content}");
        assert!(line(2).ends_with("paused"), "{content}");
        assert!(
            !line(3).contains("paused") && line(3).contains("~~"),
            "{content}"
        );
        let head = announcement_head(Lang::En, &arena(TournamentStatus::Running));
        assert!(head[0].contains("1h long"), "{head:?}");
    }
}
