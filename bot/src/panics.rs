//! Panics go to the log: a hook that reports each panic through `tracing`, with where it
//! happened and inside which span (a command's, a button's or the timer's), before the default
//! hook prints it.

use std::panic::PanicHookInfo;

/// The panic's message, when it is text (as `panic!` and `unwrap` make it).
fn message<'a>(info: &'a PanicHookInfo<'_>) -> &'a str {
    let payload = info.payload();
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("(not text)")
}

/// Installs the hook that logs every panic as an error event with its message, its location
/// (`file:line:column`), the thread, and the current span (so a panic in a command handler is
/// logged with that command). Call it once at start-up, after the subscriber is set up; the
/// previous hook still runs afterwards.
pub fn log_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let location = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_else(|| "unknown".to_string());
        let thread = std::thread::current();
        let span = tracing::Span::current();
        tracing::error!(
            panic = message(info),
            %location,
            thread = thread.name().unwrap_or("unnamed"),
            span = span.metadata().map_or("none", |m| m.name()),
            "panic"
        );
        previous(info);
    }));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A log writer into a shared buffer.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .map_err(|_| std::io::ErrorKind::Other)?
                .extend(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_panic_is_logged_with_its_location_and_span() {
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_ansi(false)
            .finish();
        log_panics();
        let line = line!() + 4;
        let caught = tracing::subscriber::with_default(subscriber, || {
            std::panic::catch_unwind(|| {
                let _span = tracing::info_span!("probe_command").entered();
                panic!("boom {}", 42);
            })
        });
        // Back to the default hook for the other tests.
        drop(std::panic::take_hook());
        assert!(caught.is_err());
        let log = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert!(log.contains("ERROR"), "{log}");
        assert!(log.contains("boom 42"), "{log}");
        assert!(log.contains(&format!("panics.rs:{line}")), "{log}");
        assert!(log.contains("probe_command"), "{log}");
    }
}
