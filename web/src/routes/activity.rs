//! The Discord Activity's page: who may frame it, its texts in a Discord locale's language,
//! and the redirect from where Discord opens it.

use super::{no_store, not_found, worded, App};
use crate::html::Missing;
use crate::words::{self, page_lang};
use axum::extract::{OriginalUri, RawQuery, State};
use axum::http::header::{
    CACHE_CONTROL, CONTENT_LANGUAGE, CONTENT_SECURITY_POLICY, CONTENT_TYPE, LOCATION,
};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use halma_locale::Lang;

/// Who may frame the Activity's page: the Discord clients, and the proxy origin
/// (`<client id>.discordsays.com`) that Activities are served through.
pub(super) const DISCORD_FRAME_ANCESTORS: &str =
    "https://discord.com https://*.discord.com https://*.discordsays.com";

/// The Activity's script with the SDK's mock, served only while the mock is on.
pub(super) const MOCK_SCRIPT: &str = "activity-mock.js";

/// The mock's script: only debug builds (the tests', local trials') carry it; a release build,
/// as deployed, has no mock to serve at all.
#[cfg(debug_assertions)]
pub(super) const MOCK_BYTES: Option<&[u8]> = Some(include_bytes!("../../assets/activity-mock.js"));
#[cfg(not(debug_assertions))]
pub(super) const MOCK_BYTES: Option<&[u8]> = None;

/// Whether this build carries the SDK's mock (debug builds only): a configuration that asks
/// for it in a release build is refused.
pub const HAS_SDK_MOCK: bool = MOCK_BYTES.is_some();

/// The Activity's page, written once in every language (in the order of [`Lang::ALL`]), with
/// the policy that lets Discord frame it.
pub(super) struct Activity {
    pub(super) pages: Vec<String>,
    pub(super) policy: HeaderValue,
    pub(super) sdk_mock: bool,
}

impl Activity {
    /// The page in `lang`.
    fn page(&self, lang: Lang) -> &str {
        let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
        self.pages.get(at).map_or("", String::as_str)
    }
}

/// The Activity's page, framed by Discord, in the browser's language until the script learns
/// the member's from Discord.
pub(super) async fn activity_page(
    State(app): State<App>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let lang = page_lang(query.as_deref(), &headers);
    let Some(activity) = app.activity else {
        return not_found(Missing::Page, lang);
    };
    let mut response = worded(Html(activity.page(lang).to_owned()).into_response(), lang);
    response
        .headers_mut()
        .insert(CONTENT_SECURITY_POLICY, activity.policy.clone());
    response
}

/// The longest locale the Activity's texts are asked for with: Discord's are five letters;
/// a language tag of many subtags is still well under this.
const LOCALE_MAX: usize = 35;

/// Whether `locale` can be one: letters, digits, `-` and `_`, at most [`LOCALE_MAX`].
fn valid_locale(locale: &str) -> bool {
    (1..=LOCALE_MAX).contains(&locale.len())
        && locale
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The texts of the Activity's first screens in the language of a Discord locale
/// (`?locale=de`, as the SDK reports it), the same for everyone: no session needed.
pub(super) async fn activity_texts(
    State(app): State<App>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    if app.activity.is_none() {
        return not_found(Missing::Page, page_lang(None, &headers));
    }
    let query = query.unwrap_or_default();
    let locale = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find_map(|(name, value)| (name == "locale").then_some(value))
        .filter(|locale| valid_locale(locale));
    let Some(locale) = locale else {
        let refusal = serde_json::json!({ "error": "locale must be a locale, like de or pt-BR" });
        return (StatusCode::BAD_REQUEST, axum::Json(refusal)).into_response();
    };
    let lang = Lang::from_locale(locale);
    let body = format!(
        "{{\"lang\":\"{}\",\"texts\":{}}}",
        lang.code(),
        words::json(&words::activity_texts(lang))
    );
    (
        [
            (
                CONTENT_TYPE,
                HeaderValue::from_static("application/json; charset=utf-8"),
            ),
            (
                CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=300"),
            ),
            (CONTENT_LANGUAGE, HeaderValue::from_static(lang.code())),
        ],
        body,
    )
        .into_response()
}

/// Discord opens an Activity at the root of its URL mapping with `frame_id` and the
/// instance's other parameters in the query: they go on to the page, which reads them.
pub(super) async fn activity_launch(
    State(app): State<App>,
    OriginalUri(uri): OriginalUri,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let query = query.unwrap_or_default();
    let launched = query
        .split('&')
        .any(|pair| pair.split('=').next() == Some("frame_id"));
    if app.activity.is_none() || !launched {
        return not_found(Missing::Page, page_lang(None, &headers));
    }
    // Relative to where the router is mounted: `/` or `/prefix/` go to `activity`, while
    // a prefix without its slash (`/prefix`) names its own folder.
    let path = uri.path();
    let folder = match path.rsplit('/').next() {
        Some(last) if !last.is_empty() => format!("{last}/"),
        _ => String::new(),
    };
    match HeaderValue::from_str(&format!("{folder}activity?{query}")) {
        Ok(location) => {
            let mut response = (StatusCode::SEE_OTHER, [(LOCATION, location)]).into_response();
            no_store(&mut response);
            response
        }
        Err(_) => (StatusCode::BAD_REQUEST, "bad query").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_are_short_and_plain() {
        for good in ["de", "pt-BR", "es_419", "en-US"] {
            assert!(valid_locale(good), "{good}");
        }
        for bad in ["", "de;", "de de", "<b>", "ру", &"a".repeat(36)] {
            assert!(!valid_locale(bad), "{bad}");
        }
    }
}
