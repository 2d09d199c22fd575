//! The Fluent files built into the binary, parsed once into one bundle per language.

use super::Lang;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentError, FluentResource};
use fluent_syntax::ast;
use std::collections::BTreeSet;
use std::sync::OnceLock;
use unic_langid::LanguageIdentifier;

/// The source of a language's messages.
pub(super) fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => include_str!("../locales/en/main.ftl"),
        Lang::Hr => include_str!("../locales/hr/main.ftl"),
        Lang::De => include_str!("../locales/de/main.ftl"),
        Lang::Fr => include_str!("../locales/fr/main.ftl"),
        Lang::Es => include_str!("../locales/es-ES/main.ftl"),
        Lang::PtBr => include_str!("../locales/pt-BR/main.ftl"),
        Lang::Pl => include_str!("../locales/pl/main.ftl"),
        Lang::Ru => include_str!("../locales/ru/main.ftl"),
    }
}

/// One language's messages, ready to format from any thread.
pub(super) struct Catalog {
    bundle: FluentBundle<FluentResource>,
    /// The file as Fluent's syntax tree, for the message ids and their variables.
    syntax: ast::Resource<&'static str>,
}

/// The catalog of `lang`, parsed on first use.
pub(super) fn get(lang: Lang) -> &'static Catalog {
    static CATALOGS: OnceLock<Vec<Catalog>> = OnceLock::new();
    let all = CATALOGS.get_or_init(|| Lang::ALL.into_iter().map(Catalog::load).collect());
    let at = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    &all[at]
}

impl Catalog {
    /// Parses the language's file. A flaw in it (caught by the tests before it ships) is
    /// logged, and the messages that did parse are kept.
    fn load(lang: Lang) -> Catalog {
        let code = lang.code();
        let resource = FluentResource::try_new(source(lang).to_string()).unwrap_or_else(
            |(partial, errors)| {
                tracing::error!(lang = code, ?errors, "the Fluent file does not parse");
                partial
            },
        );
        let syntax =
            fluent_syntax::parser::parse(source(lang)).unwrap_or_else(|(partial, _)| partial);
        let langid: LanguageIdentifier = code.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        // Fluent wraps each variable in Unicode isolation marks by default. Discord would
        // keep them: inside `<@…>` they break the mention, elsewhere they are invisible
        // characters that make copied squares unparsable. Our variables are names, squares
        // and numbers inside one sentence, so no isolation is needed.
        bundle.set_use_isolating(false);
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(
                lang = code,
                ?errors,
                "the Fluent file holds a message twice"
            );
        }
        Catalog { bundle, syntax }
    }

    /// Every message id in the file, in file order.
    pub(super) fn ids(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.messages().map(|m| m.id.name)
    }

    /// Every message of the file, in file order.
    pub(super) fn messages(&self) -> impl Iterator<Item = &ast::Message<&'static str>> + '_ {
        self.syntax.body.iter().filter_map(|entry| match entry {
            ast::Entry::Message(m) => Some(m),
            _ => None,
        })
    }

    /// The variables of the message `id`, if there is one.
    pub(super) fn variables_of(&self, id: &str) -> Option<BTreeSet<&'static str>> {
        self.messages().find(|m| m.id.name == id).map(variables)
    }

    /// The message `id` with `args` filled in, and the errors formatting met; `None` if there
    /// is no such message.
    pub(super) fn format(
        &self,
        id: &str,
        args: Option<&FluentArgs<'_>>,
    ) -> Option<(String, Vec<FluentError>)> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let out = self.bundle.format_pattern(pattern, args, &mut errors);
        Some((out.into_owned(), errors))
    }
}

/// The variables a message uses, in its value, its attributes and every plural variant.
pub(super) fn variables(message: &ast::Message<&'static str>) -> BTreeSet<&'static str> {
    fn inline(e: &ast::InlineExpression<&'static str>, out: &mut BTreeSet<&'static str>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name);
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => call(arguments, out),
            ast::InlineExpression::TermReference {
                arguments: Some(arguments),
                ..
            } => call(arguments, out),
            ast::InlineExpression::Placeable { expression } => expr(expression, out),
            _ => {}
        }
    }
    fn call(a: &ast::CallArguments<&'static str>, out: &mut BTreeSet<&'static str>) {
        a.positional.iter().for_each(|e| inline(e, out));
        a.named.iter().for_each(|n| inline(&n.value, out));
    }
    fn expr(e: &ast::Expression<&'static str>, out: &mut BTreeSet<&'static str>) {
        match e {
            ast::Expression::Inline(e) => inline(e, out),
            ast::Expression::Select { selector, variants } => {
                inline(selector, out);
                variants.iter().for_each(|v| pattern(&v.value, out));
            }
        }
    }
    fn pattern(p: &ast::Pattern<&'static str>, out: &mut BTreeSet<&'static str>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expr(expression, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    if let Some(value) = &message.value {
        pattern(value, &mut out);
    }
    message
        .attributes
        .iter()
        .for_each(|a| pattern(&a.value, &mut out));
    out
}
