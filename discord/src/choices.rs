//! Option values Discord offers as a fixed list of choices, built from the one definition each
//! has elsewhere: the hosted variants ([`Variant::ALL`]) and who moves first
//! ([`FirstMover::ALL`]) and the bot's levels ([`Level::ALL`]) and the languages
//! ([`Lang::ALL`]). Discord sends back the chosen index.

use halma::Variant;
use halma_core::locale::Lang;
use halma_core::model::{FirstMover, TournamentFormat};
use halma_core::service::MessageLanguage;
use halma_engine::Level;
use std::borrow::Cow;

/// One choice shown under its name, with no translations (names are game words).
pub(crate) fn choice(name: &'static str) -> poise::CommandParameterChoice {
    poise::CommandParameterChoice {
        name: Cow::Borrowed(name),
        localizations: Cow::Borrowed(&[]),
        __non_exhaustive: (),
    }
}

/// A choice among a fixed list of values, each shown by its `name()`, in the list's order.
/// Discord sends back the listed name: it is read back by that exact name, or with `parse`
/// after the list, through the value's own `FromStr`.
macro_rules! named_choice {
    ($(#[$doc:meta])* $choice:ident($value:ty), $list:expr $(, $parse:ident)?) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $choice(pub $value);

        impl poise::ChoiceParameter for $choice {
            fn list() -> std::borrow::Cow<'static, [poise::CommandParameterChoice]> {
                $list
                    .iter()
                    .map(|v| $crate::choices::choice(v.name()))
                    .collect()
            }

            fn from_index(index: usize) -> Option<Self> {
                $list.get(index).copied().map($choice)
            }

            fn from_name(name: &str) -> Option<Self> {
                named_choice!(@read $list, name $(, $parse)?).map($choice)
            }

            fn name(&self) -> &'static str {
                self.0.name()
            }

            fn localized_name(&self, _locale: &str) -> Option<&'static str> {
                None
            }
        }
    };
    (@read $list:expr, $name:ident) => {
        $list.iter().find(|v| v.name() == $name).copied()
    };
    (@read $list:expr, $name:ident, parse) => {
        $name.parse().ok()
    };
}
pub(crate) use named_choice;

named_choice!(
    /// A variant the bot hosts.
    VariantChoice(Variant),
    Variant::ALL
);

/// Who moves first, by the words users pick it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FirstChoice(pub FirstMover);

impl poise::ChoiceParameter for FirstChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        FirstMover::ALL
            .iter()
            .map(|f| choice(f.choice_name()))
            .collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        FirstMover::ALL.get(index).copied().map(FirstChoice)
    }

    fn from_name(name: &str) -> Option<Self> {
        FirstMover::from_choice(name).map(FirstChoice)
    }

    fn name(&self) -> &'static str {
        self.0.choice_name()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

named_choice!(
    /// A level of the bot, for a game against it.
    LevelChoice(Level),
    Level::ALL,
    parse
);

/// How a lobby seats its players: in joining order, or by lot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatsChoice {
    /// Seats by lot.
    pub random: bool,
}

impl SeatsChoice {
    /// The choices, by the words users pick them by.
    const NAMES: [&'static str; 2] = ["join-order", "random"];
}

impl poise::ChoiceParameter for SeatsChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        SeatsChoice::NAMES.iter().map(|n| choice(n)).collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        (index < SeatsChoice::NAMES.len()).then_some(SeatsChoice { random: index == 1 })
    }

    fn from_name(name: &str) -> Option<Self> {
        let index = SeatsChoice::NAMES.iter().position(|n| *n == name)?;
        SeatsChoice::from_index(index)
    }

    fn name(&self) -> &'static str {
        SeatsChoice::NAMES[usize::from(self.random)]
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// The language of a server's messages that no interaction triggers: one the bot speaks, by
/// its code, or `auto` for the server's Discord locale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LanguageChoice(pub MessageLanguage);

impl LanguageChoice {
    /// The choice that follows the server's locale, listed after the languages.
    const AUTO: &'static str = "auto";
}

impl poise::ChoiceParameter for LanguageChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        Lang::ALL
            .iter()
            .map(|l| l.code())
            .chain([LanguageChoice::AUTO])
            .map(choice)
            .collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        match Lang::ALL.get(index) {
            Some(&lang) => Some(LanguageChoice(MessageLanguage::Chosen(lang))),
            None => (index == Lang::ALL.len()).then_some(LanguageChoice(MessageLanguage::Server)),
        }
    }

    fn from_name(name: &str) -> Option<Self> {
        MessageLanguage::parse(name).ok().map(LanguageChoice)
    }

    fn name(&self) -> &'static str {
        match self.0 {
            MessageLanguage::Chosen(lang) => lang.code(),
            MessageLanguage::Server => LanguageChoice::AUTO,
        }
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// Whether a server's games have live web pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebChoice {
    /// Shown.
    pub on: bool,
}

impl WebChoice {
    /// The choices, by the words users pick them by.
    const NAMES: [&'static str; 2] = ["on", "off"];
}

impl poise::ChoiceParameter for WebChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        WebChoice::NAMES.iter().map(|n| choice(n)).collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        (index < WebChoice::NAMES.len()).then_some(WebChoice { on: index == 0 })
    }

    fn from_name(name: &str) -> Option<Self> {
        let index = WebChoice::NAMES.iter().position(|n| *n == name)?;
        WebChoice::from_index(index)
    }

    fn name(&self) -> &'static str {
        WebChoice::NAMES[usize::from(!self.on)]
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

/// A tournament's format, by its stored name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatChoice(pub TournamentFormat);

impl poise::ChoiceParameter for FormatChoice {
    fn list() -> Cow<'static, [poise::CommandParameterChoice]> {
        TournamentFormat::ALL
            .iter()
            .map(|f| choice(f.as_str()))
            .collect()
    }

    fn from_index(index: usize) -> Option<Self> {
        TournamentFormat::ALL.get(index).copied().map(FormatChoice)
    }

    fn from_name(name: &str) -> Option<Self> {
        name.parse().ok().map(FormatChoice)
    }

    fn name(&self) -> &'static str {
        self.0.as_str()
    }

    fn localized_name(&self, _locale: &str) -> Option<&'static str> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    #[test]
    fn every_choice_reads_back_from_its_index_and_name() {
        for (i, c) in VariantChoice::list().iter().enumerate() {
            let v = VariantChoice::from_index(i).expect("listed");
            assert_eq!(v.name(), c.name);
            assert_eq!(VariantChoice::from_name(&c.name), Some(v));
        }
        assert_eq!(VariantChoice::list().len(), Variant::ALL.len());
        for (i, c) in FirstChoice::list().iter().enumerate() {
            let f = FirstChoice::from_index(i).expect("listed");
            assert_eq!(FirstChoice::from_name(&c.name), Some(f));
        }
        assert_eq!(FirstChoice::from_index(3), None);
        for (i, c) in LevelChoice::list().iter().enumerate() {
            let l = LevelChoice::from_index(i).expect("listed");
            assert_eq!(LevelChoice::from_name(&c.name), Some(l));
        }
        assert_eq!(LevelChoice::list().len(), Level::ALL.len());
        for (i, c) in SeatsChoice::list().iter().enumerate() {
            let seats = SeatsChoice::from_index(i).expect("listed");
            assert_eq!(SeatsChoice::from_name(&c.name), Some(seats));
            assert_eq!(seats.name(), c.name);
        }
        assert_eq!(SeatsChoice::from_index(2), None);
        for (i, c) in LanguageChoice::list().iter().enumerate() {
            let language = LanguageChoice::from_index(i).expect("listed");
            assert_eq!(LanguageChoice::from_name(&c.name), Some(language));
            assert_eq!(language.name(), c.name);
        }
        assert_eq!(LanguageChoice::list().len(), Lang::ALL.len() + 1);
        assert_eq!(
            LanguageChoice::from_index(Lang::ALL.len()),
            Some(LanguageChoice(MessageLanguage::Server))
        );
        assert_eq!(LanguageChoice::from_index(Lang::ALL.len() + 1), None);
        for (i, c) in WebChoice::list().iter().enumerate() {
            let web = WebChoice::from_index(i).expect("listed");
            assert_eq!(WebChoice::from_name(&c.name), Some(web));
            assert_eq!(web.name(), c.name);
        }
        assert_eq!(WebChoice::from_index(0), Some(WebChoice { on: true }));
        assert_eq!(WebChoice::from_index(2), None);
    }
}
