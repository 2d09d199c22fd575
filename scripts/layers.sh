#!/usr/bin/env bash
# The layers the compiler keeps, checked on the dependency graph (ARCHITECTURE.md, "Crates"):
# only the core speaks SQL, only the Discord crate knows serenity and poise, the core knows no
# Discord library and no HTTP server or client, and the web side knows no Discord library.
# Test support (tests/*) may reach anything. Prints each breach and exits 1 if there is one.
set -euo pipefail
cd "$(dirname "$0")/.."

# Which product crates may name each dependency directly.
declare -A allowed=(
    [sqlx]="halma-core"
    [serenity]="halma-discord"
    [poise]="halma-discord"
    [axum]="halma-web halma-activity halma-bot"
    # halma-discord builds serenity's reqwest client itself, to catch the endpoint's answers.
    [reqwest]="halma-activity halma-discord"
)
# Dependencies a crate must not have even through others.
declare -A never=(
    [halma-core]="serenity poise axum reqwest hyper"
    [halma-snapshot]="serenity poise axum reqwest sqlx"
    [halma-activity]="serenity poise"
    [halma-discord]="axum"
)

breaches=0
package=""
while read -r line; do
    [ -z "$line" ] && continue
    depth=${line:0:1}
    rest=${line:1}
    name=${rest%% *}
    if [ "$depth" = 0 ]; then
        # Test support and the fuzz targets are not layers of the product.
        case "$rest" in *"/tests/"*) package="" ;; *) package=$name ;; esac
        continue
    fi
    [ -z "$package" ] && continue
    if [ -n "${allowed[$name]+set}" ] && [[ " ${allowed[$name]} " != *" $package "* ]]; then
        echo "layers: $package depends on $name directly; only ${allowed[$name]} may" >&2
        breaches=$((breaches + 1))
    fi
done < <(cargo tree --locked --workspace -e normal --depth 1 --prefix depth -f '{p}')

for package in "${!never[@]}"; do
    reached=$(cargo tree --locked -p "$package" -e normal --prefix none -f '{p}' | cut -d' ' -f1 | sort -u)
    for name in ${never[$package]}; do
        if grep -qx "$name" <<<"$reached"; then
            echo "layers: $package reaches $name (cargo tree -p $package -e normal -i $name)" >&2
            breaches=$((breaches + 1))
        fi
    done
done

if [ "$breaches" -gt 0 ]; then
    exit 1
fi
echo "layers: sqlx only in halma-core; serenity and poise only in halma-discord; the core reaches no Discord or HTTP crate"
