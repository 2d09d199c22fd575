//! Subcommands built by hand rather than by `#[poise::command]`, for those with more options
//! than a function should take arguments: their options are listed once as
//! [`poise::CommandParameter`]s and read back by name into one typed value, registered and
//! read exactly as the macro would have done it (the same kinds, choices and order, the same
//! errors for a malformed interaction, the same cooldown bookkeeping).

use super::{Context, Data, Error};
use poise::SlashArgument;
use std::borrow::Cow;
use std::future::Future;
use std::sync::Arc;

/// An option of a subcommand, as registered.
pub(super) type Parameter = poise::CommandParameter<Arc<Data>, Error>;

/// A subcommand, as registered and run.
pub(super) type Subcommand = poise::Command<Arc<Data>, Error>;

type AppContext<'a> = poise::ApplicationContext<'a, Arc<Data>, Error>;
type Failure<'a> = poise::FrameworkError<'a, Arc<Data>, Error>;

/// What [`poise::Command::slash_action`] holds: reads the options and answers.
type SlashAction = for<'a> fn(AppContext<'a>) -> poise::BoxFuture<'a, Result<(), Failure<'a>>>;

/// An option named `name` of type `T` (its kind and choices as poise registers a `T`);
/// described later, with every name, by [`super::naming::describe`].
fn parameter<T: SlashArgument>(name: &'static str, required: bool) -> Parameter {
    Parameter {
        name: Cow::Borrowed(name),
        name_localizations: Cow::Borrowed(&[]),
        description: None,
        description_localizations: Cow::Borrowed(&[]),
        required,
        channel_types: None,
        choices: T::choices(),
        type_setter: Some(T::create),
        autocomplete_callback: None,
        __non_exhaustive: (),
    }
}

/// An option the member may leave out.
pub(super) fn optional<T: SlashArgument>(name: &'static str) -> Parameter {
    parameter::<T>(name, false)
}

/// An option the member must give.
pub(super) fn required<T: SlashArgument>(name: &'static str) -> Parameter {
    parameter::<T>(name, true)
}

/// A subcommand of the servers' channels (`guild_only`) named `name`, with `parameters` in
/// the order Discord shows them (the required ones first), run by `action` (see [`run`]).
pub(super) fn subcommand(
    name: &'static str,
    parameters: Vec<Parameter>,
    action: SlashAction,
) -> Subcommand {
    Subcommand {
        slash_action: Some(action),
        name: Cow::Borrowed(name),
        qualified_name: Cow::Borrowed(name),
        identifying_name: Cow::Borrowed(name),
        source_code_name: Cow::Borrowed(name),
        guild_only: true,
        parameters,
        ..Subcommand::default()
    }
}

/// The options a member gave one invocation, read by name.
#[derive(Clone, Copy)]
pub(super) struct Given<'a>(AppContext<'a>);

impl Given<'_> {
    /// The option `name` as a `T`; `None` when it was left out.
    pub(super) async fn get<T: SlashArgument>(
        &self,
        name: &str,
    ) -> Result<Option<T>, poise::SlashArgError> {
        let Some(given) = self.0.args.iter().find(|option| option.name == name) else {
            return Ok(None);
        };
        let ctx = self.0.serenity_context();
        T::extract(ctx, self.0.interaction, &given.value)
            .await
            .map(Some)
    }

    /// The option `name` as a `T`, which Discord sends whenever the command is used as
    /// registered.
    pub(super) async fn required<T: SlashArgument>(
        &self,
        name: &str,
    ) -> Result<T, poise::SlashArgError> {
        self.get(name).await?.ok_or_else(|| {
            poise::SlashArgError::new_command_structure_mismatch("a required argument is missing")
        })
    }
}

/// Runs a hand-built subcommand: `read` takes the options into one value, which `act` acts
/// on and answers the member with. A malformed interaction and a failed answer go to the
/// framework's `on_error` as those of a macro-built command do.
pub(super) async fn run<'a, T, Read, Act>(
    ctx: AppContext<'a>,
    read: impl FnOnce(Given<'a>) -> Read,
    act: impl FnOnce(Context<'a>, T) -> Act,
) -> Result<(), Failure<'a>>
where
    Read: Future<Output = Result<T, poise::SlashArgError>>,
    Act: Future<Output = Result<(), Error>>,
{
    let options = read(Given(ctx))
        .await
        .map_err(|e| e.to_framework_error(ctx))?;
    let framework_cooldowns = !ctx
        .command()
        .manual_cooldowns
        .unwrap_or(ctx.framework.options.manual_cooldowns);
    if framework_cooldowns {
        // Poisoned only by a panic while the lock was held, inside poise.
        if let Ok(mut cooldowns) = ctx.command().cooldowns.lock() {
            cooldowns.start_cooldown(ctx.cooldown_context());
        }
    }
    act(ctx.into(), options)
        .await
        .map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
}

#[cfg(test)]
mod tests {
    use super::super::commands::all;
    use halma::Variant;
    use serde_json::{json, Value};

    /// The hosted variants' names: the choices of every `variant` option.
    fn variants() -> Vec<&'static str> {
        Variant::ALL.iter().map(|v| v.name()).collect()
    }

    /// `/halma <name>`'s options as Discord receives them, without the names and
    /// descriptions in every language (see the tests of [`super::super::naming`]).
    fn registered(name: &str) -> Vec<Value> {
        let created = poise::builtins::create_application_commands(&all());
        let halma = serde_json::to_value(&created[0]).expect("a command serializes");
        let sub = halma["options"]
            .as_array()
            .and_then(|subs| subs.iter().find(|s| s["name"] == name))
            .unwrap_or_else(|| panic!("no subcommand {name}: {halma}"))
            .clone();
        let mut options = sub["options"].as_array().cloned().unwrap_or_default();
        for option in &mut options {
            let Value::Object(fields) = option else {
                panic!("an option is an object: {option}");
            };
            fields.retain(|key, _| key != "description" && !key.ends_with("_localizations"));
            for choice in fields
                .get_mut("choices")
                .and_then(Value::as_array_mut)
                .into_iter()
                .flatten()
            {
                if let Value::Object(choice) = choice {
                    choice.retain(|key, _| key != "name_localizations");
                }
            }
        }
        options
    }

    /// An option of `kind` as poise registers it, every field Discord receives but the
    /// texts; `choices` by their English names, sent back by index.
    fn option(name: &str, kind: u8, required: bool, choices: &[&str]) -> Value {
        let choices: Vec<Value> = (0..)
            .zip(choices)
            .map(|(i, c)| json!({ "name": c, "value": i }))
            .collect();
        json!({
            "type": kind,
            "name": name,
            "required": required,
            "autocomplete": false,
            "choices": choices,
            "channel_types": [],
            "options": [],
            "min_value": null,
            "max_value": null,
            "min_length": null,
            "max_length": null,
        })
    }

    const USER: u8 = 6;
    const INTEGER: u8 = 4;
    const BOOLEAN: u8 = 5;
    const STRING: u8 = 3;
    const CHANNEL: u8 = 7;
    const ROLE: u8 = 8;

    #[test]
    fn challenge_registers_its_options_in_order_with_their_kinds_and_choices() {
        let level = ["easy", "medium", "hard"];
        assert_eq!(
            registered("challenge"),
            [
                option("opponent", USER, true, &[]),
                option("variant", INTEGER, false, &variants()),
                option("first", INTEGER, false, &["me", "opponent", "random"]),
                option("anti_spoiling", BOOLEAN, false, &[]),
                option("no_parking", BOOLEAN, false, &[]),
                option("turn_timeout", STRING, false, &[]),
                option("level", INTEGER, false, &level),
                option("opponent2", USER, false, &[]),
                option("opponent3", USER, false, &[]),
                option("opponent4", USER, false, &[]),
                option("opponent5", USER, false, &[]),
                option("thread", BOOLEAN, false, &[]),
            ]
        );
    }

    #[test]
    fn tournament_create_registers_its_options_in_order_with_their_kinds_and_choices() {
        let created = poise::builtins::create_application_commands(&all());
        let halma = serde_json::to_value(&created[0]).expect("a command serializes");
        let create = halma["options"]
            .as_array()
            .and_then(|subs| subs.iter().find(|s| s["name"] == "tournament"))
            .and_then(|t| t["options"].as_array())
            .and_then(|subs| subs.iter().find(|s| s["name"] == "create"))
            .expect("/halma tournament create")
            .clone();
        let names: Vec<&str> = create["options"]
            .as_array()
            .expect("its options")
            .iter()
            .filter_map(|o| o["name"].as_str())
            .collect();
        assert_eq!(
            names,
            [
                "name",
                "format",
                "variant",
                "turn_timeout",
                "rounds",
                "duration",
                "starts_in"
            ]
        );
        let options = create["options"].as_array().expect("its options");
        assert_eq!(
            (
                options[0]["type"].as_u64(),
                options[0]["required"].as_bool()
            ),
            (Some(u64::from(STRING)), Some(true))
        );
        assert_eq!(
            options[1]["choices"].as_array().map(Vec::len),
            Some(2),
            "swiss and arena"
        );
        let rounds = &options[4];
        assert_eq!(rounds["type"].as_u64(), Some(u64::from(INTEGER)));
        assert_eq!(
            (rounds["min_value"].as_u64(), rounds["max_value"].as_u64()),
            (Some(1), Some(20))
        );
        assert_eq!(options[5]["type"].as_u64(), Some(u64::from(STRING)));
    }

    #[test]
    fn settings_registers_its_options_in_order_with_their_kinds_and_choices() {
        let languages = [
            "English",
            "Hrvatski",
            "Deutsch",
            "Français",
            "Español (España)",
            "Português (Brasil)",
            "Polski",
            "Русский",
            "auto (the server’s language)",
        ];
        assert_eq!(
            registered("settings"),
            [
                option("variant", INTEGER, false, &variants()),
                option("turn_timeout", STRING, false, &[]),
                option("allow_channel", CHANNEL, false, &[]),
                option("remove_channel", CHANNEL, false, &[]),
                option("all_channels", BOOLEAN, false, &[]),
                option("language", INTEGER, false, &languages),
                option("web", INTEGER, false, &["on", "off"]),
                option("tournament_role", ROLE, false, &[]),
            ]
        );
    }
}
