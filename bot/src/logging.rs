//! The log filter and subscriber: what `RUST_LOG` and `LOG_FORMAT` turn into.
//!
//! Some library targets are kept at `warn` unless `RUST_LOG` names their crate, because their
//! INFO output costs far more than it tells. The worst is serenity's HTTP client: `Http::request`
//! and `Request::build` are `#[instrument]`ed at INFO, so every REST request's Debug form —
//! every uploaded board PNG, byte by byte — would be formatted into a span field.

use tracing_subscriber::EnvFilter;

/// The filter when `RUST_LOG` is unset or invalid.
pub const DEFAULT_FILTER: &str = "info";

/// Targets held at `warn` unless `RUST_LOG` mentions the crate they belong to (the text
/// before the first `::`), with the reason.
pub const QUIET_TARGETS: &[(&str, &str)] = &[
    (
        "serenity::http",
        "its INFO spans format every request, uploaded files byte by byte",
    ),
    (
        "sqlx::postgres::notice",
        "reports 'relation _sqlx_migrations already exists' at every start",
    ),
];

/// The filter directives for `rust_log` (the value of `RUST_LOG`, if set): that text, or
/// [`DEFAULT_FILTER`] when it is missing or blank, followed by `TARGET=warn` for each of
/// [`QUIET_TARGETS`] whose crate it does not name.
///
/// ```
/// use halma_bot::logging::directives;
/// assert_eq!(directives(None), "info,serenity::http=warn,sqlx::postgres::notice=warn");
/// assert_eq!(directives(Some("debug,serenity=trace")), "debug,serenity=trace,sqlx::postgres::notice=warn");
/// ```
pub fn directives(rust_log: Option<&str>) -> String {
    let given = rust_log.map(str::trim).filter(|s| !s.is_empty());
    let mut out = given.unwrap_or(DEFAULT_FILTER).to_string();
    for (target, _) in QUIET_TARGETS {
        let krate = target.split("::").next().unwrap_or(target);
        if !given.is_some_and(|spec| spec.contains(krate)) {
            out.push_str(&format!(",{target}=warn"));
        }
    }
    out
}

/// The filter for `rust_log`: [`directives`] parsed; when `RUST_LOG` does not parse, the
/// default as if it were unset (and the text that failed, for a warning once logging runs).
pub fn filter(rust_log: Option<&str>) -> (EnvFilter, Option<String>) {
    match EnvFilter::try_new(directives(rust_log)) {
        Ok(filter) => (filter, None),
        Err(_) => (
            EnvFilter::new(directives(None)),
            rust_log.map(str::to_string),
        ),
    }
}

/// Whether text logs carry ANSI colours: only on a terminal, and never when `NO_COLOR` is set
/// to anything but an empty text (<https://no-color.org>), so that a log file or a pipe holds
/// plain text.
///
/// ```
/// use halma_bot::logging::colour;
/// assert!(colour(true, None));
/// assert!(colour(true, Some("")));
/// assert!(!colour(true, Some("1")));
/// assert!(!colour(false, None));
/// ```
pub fn colour(terminal: bool, no_color: Option<&str>) -> bool {
    terminal && no_color.is_none_or(str::is_empty)
}

/// Installs the process's subscriber: logs to stderr, as text or as JSON lines, filtered by
/// [`filter`] of the `RUST_LOG` environment variable, in colour as [`colour`] decides.
pub fn init(json: bool) {
    use std::io::IsTerminal;
    let rust_log = std::env::var("RUST_LOG").ok();
    let (filter, rejected) = filter(rust_log.as_deref());
    let no_color = std::env::var("NO_COLOR").ok();
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(colour(std::io::stderr().is_terminal(), no_color.as_deref()))
        .with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.init();
    }
    if let Some(spec) = rejected {
        tracing::warn!(rust_log = %spec, "RUST_LOG does not parse; logging at the default level");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_default_serenity_http_is_held_at_warn() {
        for unset in [None, Some(""), Some("  ")] {
            let (filter, rejected) = filter(unset);
            assert_eq!(rejected, None);
            let shown = filter.to_string();
            assert!(shown.contains("serenity::http=warn"), "{shown}");
            assert!(shown.contains("sqlx::postgres::notice=warn"), "{shown}");
            assert!(shown.contains("info"), "{shown}");
        }
    }

    #[test]
    fn a_rust_log_that_does_not_name_serenity_keeps_it_quiet() {
        for spec in ["debug", "info,halma_bot=debug", "trace,sqlx=debug"] {
            let shown = filter(Some(spec)).0.to_string();
            assert!(shown.contains("serenity::http=warn"), "{spec}: {shown}");
        }
        // Naming sqlx releases sqlx's notices, and only those.
        let shown = filter(Some("trace,sqlx=debug")).0.to_string();
        assert!(!shown.contains("sqlx::postgres::notice=warn"), "{shown}");
    }

    #[test]
    fn a_rust_log_naming_serenity_decides_for_itself() {
        for spec in [
            "info,serenity::http=info",
            "serenity=debug",
            "warn,serenity::http=trace",
        ] {
            let (filter, rejected) = filter(Some(spec));
            assert_eq!(rejected, None);
            let shown = filter.to_string();
            assert!(!shown.contains("serenity::http=warn"), "{spec}: {shown}");
            assert!(shown.contains("serenity"), "{spec}: {shown}");
        }
    }

    #[test]
    fn a_rust_log_that_does_not_parse_falls_back_to_the_quiet_default() {
        let (filter, rejected) = filter(Some("info,serenity=loud"));
        assert_eq!(rejected.as_deref(), Some("info,serenity=loud"));
        assert!(filter.to_string().contains("serenity::http=warn"));
    }
}
