//! The fake Discord's Ed25519 key, and the signature headers of the Interactions Endpoint:
//! `X-Signature-Ed25519` is the hex signature of the `X-Signature-Timestamp` value's bytes
//! followed by the body's bytes.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ed25519_dalek::{Signer as _, SigningKey};

/// The header with the hex Ed25519 signature.
pub const SIGNATURE_HEADER: &str = "X-Signature-Ed25519";
/// The header with the signing time, in Unix seconds as a decimal string.
pub const TIMESTAMP_HEADER: &str = "X-Signature-Timestamp";

/// How a request to the Interactions Endpoint is signed: as Discord signs, or forged in one of
/// the ways an endpoint must refuse (with 401, doing nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signing {
    /// With the fake's key, over the current time and the body: what Discord sends.
    Valid,
    /// A well-formed signature by the fake's key that does not fit: it signs another body.
    BadSignature,
    /// A correct signature by another key than the fake's (whose public key the bot knows).
    OtherKey,
    /// Neither signature nor timestamp header.
    Unsigned,
    /// Correctly signed, with a timestamp this long ago (an old request sent again).
    Stale(Duration),
}

/// A signing key pair of Ed25519.
pub(crate) struct Key {
    signing: SigningKey,
}

impl Key {
    /// A fresh key from the operating system's random source.
    ///
    /// # Panics
    ///
    /// When the system has no random source (nothing a test could do about it).
    pub(crate) fn generate() -> Key {
        let mut seed = [0_u8; 32];
        getrandom::fill(&mut seed).expect("fake-discord: no random source for a signing key");
        Key {
            signing: SigningKey::from_bytes(&seed),
        }
    }

    /// The public key, 64 lowercase hex digits, as the Developer Portal shows it.
    pub(crate) fn public_hex(&self) -> String {
        hex::encode(self.signing.verifying_key().as_bytes())
    }

    /// The hex signature of `timestamp` followed by `body`.
    pub(crate) fn sign(&self, timestamp: &str, body: &[u8]) -> String {
        let mut message = Vec::with_capacity(timestamp.len() + body.len());
        message.extend_from_slice(timestamp.as_bytes());
        message.extend_from_slice(body);
        hex::encode(self.signing.sign(&message).to_bytes())
    }

    /// The signature and timestamp headers for `body`, signed as `signing` says (`None` for a
    /// header left out).
    pub(crate) fn headers(
        &self,
        body: &[u8],
        signing: Signing,
    ) -> (Option<String>, Option<String>) {
        let now = SystemTime::now();
        match signing {
            Signing::Valid => {
                let timestamp = unix_seconds(now);
                (Some(self.sign(&timestamp, body)), Some(timestamp))
            }
            Signing::BadSignature => {
                let timestamp = unix_seconds(now);
                let mut other = body.to_vec();
                other.extend_from_slice(b" ");
                (Some(self.sign(&timestamp, &other)), Some(timestamp))
            }
            Signing::OtherKey => {
                let timestamp = unix_seconds(now);
                (
                    Some(Key::generate().sign(&timestamp, body)),
                    Some(timestamp),
                )
            }
            Signing::Unsigned => (None, None),
            Signing::Stale(age) => {
                let timestamp = unix_seconds(now.checked_sub(age).unwrap_or(UNIX_EPOCH));
                (Some(self.sign(&timestamp, body)), Some(timestamp))
            }
        }
    }
}

/// Seconds since the Unix epoch, as a decimal string.
fn unix_seconds(at: SystemTime) -> String {
    at.duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        .to_string()
}

#[cfg(test)]
mod tests {
    use ed25519_dalek::{Signature, Verifier as _, VerifyingKey};

    use super::{Key, Signing};

    fn verifies(public_hex: &str, signature: &str, timestamp: &str, body: &[u8]) -> bool {
        let public: [u8; 32] = hex::decode(public_hex)
            .expect("hex key")
            .try_into()
            .expect("32 bytes");
        let key = VerifyingKey::from_bytes(&public).expect("a valid key");
        let signature: [u8; 64] = hex::decode(signature)
            .expect("hex signature")
            .try_into()
            .expect("64 bytes");
        let message = [timestamp.as_bytes(), body].concat();
        key.verify(&message, &Signature::from_bytes(&signature))
            .is_ok()
    }

    #[test]
    fn only_the_honest_signature_verifies() {
        let key = Key::generate();
        let public = key.public_hex();
        assert_eq!(public.len(), 64);
        assert_eq!(public, public.to_lowercase());
        let body = br#"{"type":1}"#;
        for (signing, honest) in [
            (Signing::Valid, true),
            (Signing::BadSignature, false),
            (Signing::OtherKey, false),
        ] {
            let (signature, timestamp) = key.headers(body, signing);
            let (signature, timestamp) = (signature.expect("signed"), timestamp.expect("timed"));
            assert_eq!(
                verifies(&public, &signature, &timestamp, body),
                honest,
                "{signing:?}"
            );
        }
        assert_eq!(key.headers(body, Signing::Unsigned), (None, None));
    }

    #[test]
    fn a_stale_request_is_signed_correctly_but_old() {
        let key = Key::generate();
        let body = b"{}";
        let (_, now) = key.headers(body, Signing::Valid);
        let (signature, then) = key.headers(body, Signing::Stale(super::Duration::from_secs(600)));
        let (now, then) = (now.expect("timed"), then.expect("timed"));
        let age = now.parse::<u64>().expect("seconds") - then.parse::<u64>().expect("seconds");
        assert!((600..=601).contains(&age), "{now} - {then}");
        assert!(verifies(
            &key.public_hex(),
            &signature.expect("signed"),
            &then,
            body
        ));
    }
}
