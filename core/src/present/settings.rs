//! A server's settings (`/halma settings`), shown to the member who may change them.

use super::Reply;
use crate::locale::{self, text, Lang};
use crate::service::ServerSettings;

fn language_name(lang: Lang, of: Lang) -> String {
    text(
        lang,
        match of {
            Lang::En => "language.en",
            Lang::Hr => "language.hr",
            Lang::De => "language.de",
            Lang::Fr => "language.fr",
            Lang::Es => "language.es",
            Lang::PtBr => "language.pt_br",
            Lang::Pl => "language.pl",
            Lang::Ru => "language.ru",
        },
        &[],
    )
}

/// The settings as they apply now; only the member who asked sees them.
pub fn settings(lang: Lang, s: &ServerSettings) -> Reply {
    let or_default = |value: String, set: bool| {
        if set {
            value
        } else {
            text(lang, "settings.default", &[("value", value)])
        }
    };
    let mut lines = vec![
        text(lang, "settings.header", &[]),
        text(
            lang,
            "settings.variant",
            &[(
                "variant",
                or_default(s.variant.name().to_string(), s.variant_set),
            )],
        ),
        text(
            lang,
            "settings.turn_timeout",
            &[(
                "timeout",
                or_default(
                    locale::duration_in(lang, s.turn_timeout),
                    s.turn_timeout_set,
                ),
            )],
        ),
    ];
    lines.push(match &s.channels {
        None => text(lang, "settings.channels_all", &[]),
        Some(list) => text(
            lang,
            "settings.channels",
            &[(
                "channels",
                list.iter()
                    .map(|c| format!("<#{c}>"))
                    .collect::<Vec<_>>()
                    .join(", "),
            )],
        ),
    });
    let language = language_name(lang, s.message_lang);
    lines.push(match s.language {
        Some(_) => text(lang, "settings.language", &[("language", language)]),
        None => text(lang, "settings.language_auto", &[("language", language)]),
    });
    lines.push(match s.web_pages {
        true => text(lang, "settings.web_on", &[("server", s.guild.to_string())]),
        false => text(lang, "settings.web_off", &[]),
    });
    lines.push(match s.tournament_role {
        Some(role) => text(
            lang,
            "settings.tournament_role",
            &[("role", role.to_string())],
        ),
        None => text(lang, "settings.tournament_role_none", &[]),
    });
    Reply {
        content: lines.join("\n"),
        ephemeral: true,
        ..Reply::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeDelta;
    use halma::Variant;

    #[test]
    fn settings_show_every_value_and_fit() {
        let s = ServerSettings {
            variant: Variant::Small,
            variant_set: true,
            turn_timeout: TimeDelta::hours(24),
            turn_timeout_set: false,
            channels: Some((0..10).map(|i| u64::MAX - i).collect()),
            language: None,
            message_lang: Lang::Hr,
            guild: 7,
            web_pages: true,
            tournament_role: Some(5),
        };
        for lang in [Lang::En, Lang::Hr] {
            let reply = settings(lang, &s);
            assert!(reply.ephemeral);
            assert!(reply.content.contains("small"));
            assert!(reply.content.contains("1d"));
            assert!(reply.content.contains(&format!("<#{}>", u64::MAX)));
            assert!(reply.content.chars().count() <= super::super::MESSAGE_LIMIT);
        }
        assert!(settings(Lang::En, &s).content.contains("Croatian"));
        assert!(settings(Lang::En, &s).content.contains("/server/7"));
    }
}
