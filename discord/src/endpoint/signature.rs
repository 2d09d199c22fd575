//! Is this request from Discord? The `X-Signature-Ed25519` header must be the application's
//! Ed25519 signature of the `X-Signature-Timestamp` header followed by the body (checked by
//! serenity's [`Verifier`]), and the timestamp must be recent: a request signed long ago is
//! refused even when its signature holds, so that one caught in passing cannot be sent again
//! later.

use poise::serenity_prelude::Verifier;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// How far the signing time may be from this machine's clock, either way: generous for
/// clocks that drift, short for anyone holding on to a signed request.
pub const MAX_SKEW: Duration = Duration::from_secs(300);

/// The application's public key, as the Developer Portal shows it (64 hex digits).
#[derive(Clone)]
pub struct PublicKey(Verifier);

impl PublicKey {
    /// Reads the key from its 64 hex digits; `None` when they are not a valid Ed25519 key.
    pub fn from_hex(text: &str) -> Option<PublicKey> {
        let bytes: [u8; 32] = hex::decode(text.trim()).ok()?.try_into().ok()?;
        Verifier::try_new(bytes).ok().map(PublicKey)
    }
}

/// Why a request was not believed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doubt {
    /// A signature or timestamp header is missing.
    Unsigned,
    /// The timestamp is not a number of seconds.
    BadTimestamp,
    /// The timestamp is further than [`MAX_SKEW`] from now.
    Stale,
    /// The signature does not fit the timestamp and body under the application's key.
    BadSignature,
}

impl Doubt {
    /// A few words for the response and the log.
    pub fn reason(self) -> &'static str {
        match self {
            Doubt::Unsigned => "missing signature headers",
            Doubt::BadTimestamp => "malformed signature timestamp",
            Doubt::Stale => "signature timestamp too far from now",
            Doubt::BadSignature => "invalid request signature",
        }
    }
}

/// Checks one request's headers and body against `key` at `now`.
pub fn check(
    key: &PublicKey,
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &[u8],
    now: SystemTime,
) -> Result<(), Doubt> {
    let (Some(signature), Some(timestamp)) = (signature, timestamp) else {
        return Err(Doubt::Unsigned);
    };
    let signed_at: u64 = timestamp.parse().map_err(|_| Doubt::BadTimestamp)?;
    let now = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    if now.abs_diff(signed_at) > MAX_SKEW.as_secs() {
        return Err(Doubt::Stale);
    }
    key.0
        .verify(signature, timestamp, body)
        .map_err(|()| Doubt::BadSignature)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ed25519_dalek::{Signer as _, SigningKey};

    fn signer() -> (SigningKey, PublicKey) {
        let signing = SigningKey::from_bytes(&[7; 32]);
        let public = PublicKey::from_hex(&hex::encode(signing.verifying_key().as_bytes()))
            .expect("a valid key");
        (signing, public)
    }

    fn sign(key: &SigningKey, timestamp: &str, body: &[u8]) -> String {
        let message = [timestamp.as_bytes(), body].concat();
        hex::encode(key.sign(&message).to_bytes())
    }

    fn at(secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(secs)
    }

    #[test]
    fn a_fresh_signature_by_the_key_is_believed() {
        let (signing, key) = signer();
        let body = br#"{"type":1}"#;
        let signature = sign(&signing, "1000000", body);
        assert_eq!(
            check(&key, Some(&signature), Some("1000000"), body, at(1_000_010)),
            Ok(())
        );
    }

    #[test]
    fn anything_else_is_doubted() {
        let (signing, key) = signer();
        let body = br#"{"type":2}"#;
        let good = sign(&signing, "1000000", body);
        let now = at(1_000_000);
        assert_eq!(
            check(&key, None, Some("1000000"), body, now),
            Err(Doubt::Unsigned)
        );
        assert_eq!(
            check(&key, Some(&good), None, body, now),
            Err(Doubt::Unsigned)
        );
        assert_eq!(
            check(&key, Some(&good), Some("soon"), body, now),
            Err(Doubt::BadTimestamp)
        );
        // Another body, another timestamp, another key, or garbage.
        assert_eq!(
            check(&key, Some(&good), Some("1000000"), br#"{"type":3}"#, now),
            Err(Doubt::BadSignature)
        );
        let later = sign(&signing, "1000001", body);
        assert_eq!(
            check(&key, Some(&later), Some("1000000"), body, now),
            Err(Doubt::BadSignature)
        );
        let other = SigningKey::from_bytes(&[8; 32]);
        let forged = sign(&other, "1000000", body);
        assert_eq!(
            check(&key, Some(&forged), Some("1000000"), body, now),
            Err(Doubt::BadSignature)
        );
        assert_eq!(
            check(&key, Some("zz"), Some("1000000"), body, now),
            Err(Doubt::BadSignature)
        );
        // Signed long ago, or for the future.
        let skew = MAX_SKEW.as_secs();
        assert_eq!(
            check(
                &key,
                Some(&good),
                Some("1000000"),
                body,
                at(1_000_001 + skew)
            ),
            Err(Doubt::Stale)
        );
        assert_eq!(
            check(&key, Some(&good), Some("1000000"), body, at(999_999 - skew)),
            Err(Doubt::Stale)
        );
        assert_eq!(
            check(
                &key,
                Some(&good),
                Some("1000000"),
                body,
                at(1_000_000 + skew)
            ),
            Ok(())
        );
    }

    #[test]
    fn only_a_real_key_is_a_key() {
        assert!(PublicKey::from_hex("abc").is_none());
        assert!(PublicKey::from_hex(&"g".repeat(64)).is_none());
        assert!(PublicKey::from_hex(&"ab".repeat(33)).is_none());
    }
}
