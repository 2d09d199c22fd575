// DOM helpers shared by the live game page and the Activity. Elements are built from names,
// attributes and text only: data from the server never enters the page as markup.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The element with this id. */
export const byId = (id) => document.getElementById(id);

/** An SVG element with attributes, appended to `parent` if given. */
export function svg(name, attrs, parent) {
  const node = document.createElementNS(SVG_NS, name);
  for (const key of Object.keys(attrs)) node.setAttribute(key, String(attrs[key]));
  if (parent) parent.appendChild(node);
  return node;
}

/** An HTML element with a class and text. */
export function html(name, cls, text) {
  const node = document.createElement(name);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Removes every child of `node`. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A small round swatch of a colour, as an SVG attribute (the style policy forbids inline styles). */
export function swatch(colour, parent) {
  const dot = svg('svg', { class: 'dot', viewBox: '0 0 2 2', 'aria-hidden': 'true' }, parent);
  svg('circle', { cx: 1, cy: 1, r: 1, fill: colour }, dot);
  return dot;
}

/** `text` as JSON, or null when it is not. */
export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    return null;
  }
}
