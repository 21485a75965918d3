// The add-in's screens drawn from their descriptions (site/src/screens/screens.ts): one SVG per screen and language,
// a task pane about 320 px wide in a neutral, Excel-like style, its labels and example values as text, plus its alt
// text and caption in screens.json. A page the server shows in the browser (the key page) is drawn at the same
// width, its title and address bar in place of the pane's title bar. The site's screen-pictures plugin
// (src/plugins/screen-pictures.ts) runs this when the site is built or started; the pages show them with
// <ScreenPicture screen="…" />. Pure string work, no I/O but the files written. Run by hand:
// npx tsx site/scripts/screen-pictures.ts [output folder]
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { NNBSP } from "../src/plugins/french-typography.ts";
import { type Field, type Item, SCREENS, type ScreenDescription } from "../src/screens/screens.ts";
import {
  BORDER,
  colon,
  type DrawnEntry,
  FONT,
  fr,
  HEADER_FILL,
  INK,
  INK_MUTED,
  type Locale,
  svgOpen,
  writeDrawn,
  xml,
} from "./svg-common.ts";

export type { Locale } from "./svg-common.ts";

/** The pane's width, as Excel's task pane opens. */
export const PANE_W = 320;
const PAD = 12;
const INNER = PANE_W - 2 * PAD;
const TITLE_H = 44;
/** The average width of one character at 12 px (system fonts): enough to wrap and cut text without measuring. */
const CHAR = 6.6;
const LINE = 16;
const BOX_H = 28;
const BUTTON_H = 28;
const ACCENT = "#0f6cbd";
const SELECTED_FILL = "#e5f1fb";
const DISABLED = "#a0a4ab";
const TONES = {
  success: { bar: "#2e7d32", fill: "#eaf5eb" },
  warning: { bar: "#c77c00", fill: "#fff4e0" },
  error: { bar: "#c62828", fill: "#fdecea" },
} as const;

/** The words the pictures and their alt texts add around the labels, per language. */
const WORDS = {
  en: {
    pane: (title: string) => `The QiBates pane, ${title}`,
    page: (title: string, address: string) => `The browser page ${title}, at ${address}`,
    paragraph: (text: string) => `text: ${text}`,
    text: (label: string, value: string) => `${label} text box: ${value || "empty"}`,
    password: (label: string, value: string) =>
      `${label} box, characters hidden: ${value ? "filled" : "empty"}`,
    dropdown: (label: string, value: string, others: string) =>
      `${label} drop-down: ${value}${others ? ` (other choices: ${others})` : ""}`,
    toggle: (label: string, value: string) => `${label} switch: ${value}`,
    checkbox: (label: string, on: boolean) => `${label} check box, ${on ? "ticked" : "not ticked"}`,
    readonly: (label: string, value: string) => `${label}: ${value} (read-only)`,
    button: (label: string) => `${label} button`,
    link: (label: string) => `${label} link`,
    group: (label: string) => `${label} section`,
    tabs: (items: string, selected: string) => `tabs ${items}, ${selected} open`,
    list: (label: string, items: string) => `${label} list: ${items}`,
    tree: (label: string, items: string) => `${label} tree: ${items}`,
    tone: { success: "green", warning: "amber", error: "red" },
    message: (tone: string, text: string) => `${tone} notification: ${text}`,
    expanded: "expanded",
    collapsed: "collapsed",
    ticked: "ticked",
    selected: "selected",
    grayed: "grayed",
    buttons: (labels: string) => `buttons ${labels}`,
    and: " and ",
    highlighted: "highlighted",
    context: {
      connection: (name: string) => `logged in to ${name}`,
      sheet: (name: string) => `sheet ${name}`,
      form: (name: string) => `form ${name}`,
      cube: (name: string) => `cube ${name}`,
    },
  },
  fr: {
    pane: (title: string) => `Le volet QiBates, ${title}`,
    page: (title: string, address: string) => `La page du navigateur ${title}, à l'adresse ${address}`,
    paragraph: (text: string) => `texte : ${text}`,
    text: (label: string, value: string) => `zone de texte ${label} : ${value || "vide"}`,
    password: (label: string, value: string) =>
      `zone ${label}, caractères masqués : ${value ? "remplie" : "vide"}`,
    dropdown: (label: string, value: string, others: string) =>
      `liste déroulante ${label} : ${value}${others ? ` (autres choix : ${others})` : ""}`,
    toggle: (label: string, value: string) => `interrupteur ${label} : ${value}`,
    checkbox: (label: string, on: boolean) => `case ${label}, ${on ? "cochée" : "non cochée"}`,
    readonly: (label: string, value: string) => `${label} : ${value} (lecture seule)`,
    button: (label: string) => `bouton ${label}`,
    link: (label: string) => `lien ${label}`,
    group: (label: string) => `section ${label}`,
    tabs: (items: string, selected: string) => `onglets ${items}, ${selected} ouvert`,
    list: (label: string, items: string) => `liste ${label} : ${items}`,
    tree: (label: string, items: string) => `arborescence ${label} : ${items}`,
    tone: { success: "verte", warning: "orange", error: "rouge" },
    message: (tone: string, text: string) => `notification ${tone} : ${text}`,
    expanded: "déplié",
    collapsed: "replié",
    ticked: "coché",
    selected: "ligne sélectionnée",
    grayed: "grisé",
    buttons: (labels: string) => `boutons ${labels}`,
    and: " et ",
    highlighted: "mis en évidence",
    context: {
      connection: (name: string) => `session ouverte sur ${name}`,
      sheet: (name: string) => `feuille ${name}`,
      form: (name: string) => `formulaire ${name}`,
      cube: (name: string) => `cube ${name}`,
    },
  },
} as const;

/** A field's label, value and lines in one language, French typography applied. */
const t = (text: { en: string; fr: string } | undefined, locale: Locale): string =>
  fr(locale, text?.[locale] ?? "");

/** Text cut to what fits in `width` pixels, with an ellipsis when cut. */
function fit(text: string, width: number): string {
  const max = Math.floor(width / CHAR);
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/**
 * Text broken into lines of at most `width` pixels, at spaces; a word longer than a line is cut with an ellipsis,
 * or broken over lines by `long` when given.
 */
export function wrap(
  text: string,
  width: number,
  long?: (word: string, width: number) => string[],
): string[] {
  const max = Math.max(8, Math.floor(width / CHAR));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (long && word.length > max) {
      if (line) lines.push(line);
      const parts = long(word, width);
      lines.push(...parts.slice(0, -1));
      line = parts.at(-1) ?? "";
      continue;
    }
    const next = line ? `${line} ${word}` : word;
    if (next.length > max && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.map((l) => fit(l, width));
}

/**
 * A value without spaces to break at (an address) on as many lines as it takes, each at most `width` pixels: a line
 * ends after the last `/`, `.` or `-` that fits, as a browser's address breaks, so the host and the path show whole.
 */
export function breakValue(text: string, width: number): string[] {
  const max = Math.max(8, Math.floor(width / CHAR));
  const lines: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const head = rest.slice(0, max);
    const at = Math.max(head.lastIndexOf("/"), head.lastIndexOf("."), head.lastIndexOf("-"));
    const cut = at >= max / 2 ? at + 1 : max;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) lines.push(rest);
  return lines;
}

const textEl = (x: number, y: number, s: string, cls: string, extra = ""): string =>
  `<text x="${x}" y="${y}" class="${cls}"${extra}>${xml(s)}</text>`;

/** A field's label, as `data-label` on its group: the tests read the drawn labels back. */
const group = (f: Field, locale: Locale, body: string): string =>
  `<g data-kind="${f.kind}" data-label="${xml(t(f.label, locale))}">${body}</g>`;

function buttonWidth(label: string): number {
  return Math.ceil(label.length * 7 + 24);
}

function button(x: number, y: number, label: string, primary: boolean): string {
  const w = buttonWidth(label);
  return [
    `<rect x="${x}" y="${y}" width="${w}" height="${BUTTON_H}" rx="3" class="${primary ? "bp" : "bs"}"/>`,
    textEl(x + w / 2, y + 18, label, primary ? "btp" : "bt"),
  ].join("");
}

/** A text box, password box, drop-down or read-only value: its label above, its box below. */
function boxField(f: Field, locale: Locale, y: number): { svg: string; height: number } {
  const label = t(f.label, locale);
  const raw = t(f.value, locale);
  const value = f.kind === "password" ? "•".repeat(Math.min(12, raw.length)) : raw;
  const cls = f.kind === "readonly" ? "ro" : "box";
  const room = INNER - 16 - (f.kind === "dropdown" ? 16 : 0);
  // A text box's or a read-only value longer than its box (an address, a list of members) is shown whole, on more
  // lines, as the pane's box grows: broken at spaces, and an address at its `/`, `.` or `-`.
  const whole = f.kind === "text" || f.kind === "readonly";
  const lines = !value ? [] : whole ? wrap(value, room, breakValue) : [fit(value, room)];
  const boxH = BOX_H + Math.max(0, lines.length - 1) * LINE;
  const parts = [
    textEl(PAD, y + 12, fit(label, INNER), "lb"),
    `<rect x="${PAD}" y="${y + 18}" width="${INNER}" height="${boxH}" rx="3" class="${cls}"/>`,
    ...lines.map((l, i) => textEl(PAD + 8, y + 36 + i * LINE, l, "v")),
  ];
  if (f.kind === "dropdown") parts.push(textEl(PAD + INNER - 16, y + 36, "▾", "mu"));
  return { svg: group(f, locale, parts.join("")), height: 18 + boxH + 10 };
}

/** A switch: its label on the left (wrapped), its state in words and the switch on the right. */
function toggleField(f: Field, locale: Locale, y: number): { svg: string; height: number } {
  const on = f.value?.en === "On";
  const lines = wrap(t(f.label, locale), INNER - 104);
  const height = Math.max(28, lines.length * LINE + 12);
  const sx = PAD + INNER - 32;
  const sy = y + 6;
  const parts = [
    ...lines.map((l, i) => textEl(PAD, y + 18 + i * LINE, l, "v")),
    textEl(sx - 8, y + 18, t(f.value, locale), "st"),
    `<rect x="${sx}" y="${sy}" width="32" height="16" rx="8" fill="${on ? ACCENT : "#ffffff"}" stroke="${on ? ACCENT : "#8a8f98"}"/>`,
    `<circle cx="${on ? sx + 24 : sx + 8}" cy="${sy + 8}" r="5" fill="${on ? "#ffffff" : "#8a8f98"}"/>`,
    `<line x1="${PAD}" y1="${y + height}" x2="${PAD + INNER}" y2="${y + height}" class="sep"/>`,
  ];
  return { svg: group(f, locale, parts.join("")), height: height + 2 };
}

function checkbox(x: number, y: number, on: boolean): string {
  return [
    `<rect x="${x}" y="${y}" width="13" height="13" rx="2" fill="${on ? ACCENT : "#ffffff"}" stroke="${on ? ACCENT : "#8a8f98"}"/>`,
    on ? `<path d="M${x + 3} ${y + 7}l3 3l5 -6" fill="none" stroke="#ffffff" stroke-width="1.8"/>` : "",
  ].join("");
}

/** A line's small action buttons, right-aligned, ending at `right`. */
function actions(items: string[], right: number, y: number): string {
  let x = right;
  const out: string[] = [];
  for (const label of [...items].reverse()) {
    const w = Math.ceil(label.length * 6.4 + 14);
    x -= w;
    out.push(
      `<rect x="${x}" y="${y}" width="${w}" height="20" rx="3" class="bs"/>`,
      textEl(x + w / 2, y + 14, label, "sa"),
    );
    x -= 4;
  }
  return out.join("");
}

function listField(f: Field, locale: Locale, y: number, menu: boolean): { svg: string; height: number } {
  const parts: string[] = [];
  let top = y;
  if (!menu) {
    parts.push(textEl(PAD, top + 12, fit(t(f.label, locale), INNER), "lb"));
    top += 18;
  }
  for (const item of f.items ?? []) {
    const text = t(item.text, locale);
    const detail = t(item.detail, locale);
    const acts = (item.actions ?? []).map((a) => t(a, locale));
    const actionsBelow = Boolean(detail) && acts.length > 0;
    // A detail (a connection's server type and address) is shown whole, on as many lines as it takes.
    const details = detail ? wrap(detail, INNER - 16, breakValue) : [];
    const h = menu ? 30 : 28 + details.length * LINE + (actionsBelow ? 26 : 0);
    parts.push(
      `<rect x="${PAD}" y="${top}" width="${INNER}" height="${h}" class="row"${
        item.selected ? ` style="fill:${SELECTED_FILL}" data-selected=""` : ""
      }/>`,
    );
    const room = actionsBelow || acts.length === 0 ? INNER - 16 : INNER - 24 - acts.length * 40;
    parts.push(
      textEl(
        PAD + 8,
        top + 18,
        fit(text, room),
        item.disabled ? "dis" : menu ? "v" : "vb",
        item.disabled ? ' data-disabled=""' : "",
      ),
    );
    details.forEach((l, i) => {
      parts.push(textEl(PAD + 8, top + 18 + (i + 1) * LINE, l, "mu"));
    });
    if (acts.length) parts.push(actions(acts, PAD + INNER - 6, actionsBelow ? top + h - 26 : top + 4));
    top += h;
  }
  return { svg: group(f, locale, parts.join("")), height: top - y + 10 };
}

function treeField(f: Field, locale: Locale, y: number): { svg: string; height: number } {
  const items = f.items ?? [];
  const h = 24;
  const parts = [`<rect x="${PAD}" y="${y}" width="${INNER}" height="${items.length * h + 8}" class="box"/>`];
  items.forEach((item, i) => {
    const top = y + 4 + i * h;
    let x = PAD + 8 + 16 * (item.depth ?? 0);
    if (item.selected)
      parts.push(
        `<rect x="${PAD + 1}" y="${top}" width="${INNER - 2}" height="${h}" fill="${SELECTED_FILL}"/>`,
      );
    if (item.expanded !== undefined) parts.push(textEl(x, top + 16, item.expanded ? "▾" : "▸", "mu"));
    x += 14;
    if (item.checked !== undefined) {
      parts.push(checkbox(x, top + 5, item.checked));
      x += 19;
    }
    parts.push(textEl(x, top + 16, fit(t(item.text, locale), PAD + INNER - x - 4), "v"));
  });
  return { svg: group(f, locale, parts.join("")), height: items.length * h + 18 };
}

function messageField(
  f: Field,
  link: Field | undefined,
  locale: Locale,
  y: number,
): { svg: string; height: number } {
  const tone = TONES[f.tone ?? "success"];
  const lines = wrap(t(f.label, locale), INNER - 24);
  const height = 12 + lines.length * LINE + (link ? LINE + 4 : 0) + 6;
  const parts = [
    `<rect x="${PAD}" y="${y}" width="${INNER}" height="${height}" rx="3" fill="${tone.fill}" stroke="${tone.bar}" stroke-opacity="0.4"/>`,
    `<rect x="${PAD}" y="${y}" width="4" height="${height}" fill="${tone.bar}"/>`,
    ...lines.map((l, i) => textEl(PAD + 14, y + 20 + i * LINE, l, f.described ? "vi" : "v")),
  ];
  const body = group(f, locale, parts.join(""));
  const linkSvg = link
    ? group(
        link,
        locale,
        textEl(
          PAD + INNER - 10,
          y + 20 + lines.length * LINE + 2,
          t(link.label, locale),
          "lk",
          ' text-anchor="end"',
        ),
      )
    : "";
  return { svg: body + linkSvg, height: height + 10 };
}

/** Draws one screen in one language: the pane's title bar, then its fields top to bottom. */
export function screenSvg(screen: ScreenDescription, locale: Locale): { svg: string; height: number } {
  const parts: string[] = [];
  // A page of the server in the browser: its title, then its address whole in the address bar, as it was typed.
  const address = screen.address ? breakValue(t(screen.address, locale), INNER - 16) : [];
  const barH = address.length ? 34 + BOX_H + (address.length - 1) * LINE + 8 : TITLE_H;
  let y = barH + 12;
  const fields = screen.fields;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i] as Field;
    const next = fields[i + 1];
    if (f.kind === "button" || (f.kind === "link" && !f.inline)) {
      // A row of buttons: this one and the inline ones after it.
      const row = [f];
      while (fields[i + 1]?.inline && (fields[i + 1]?.kind === "button" || fields[i + 1]?.kind === "link")) {
        row.push(fields[i + 1] as Field);
        i++;
      }
      let x = PAD;
      for (const b of row) {
        const label = t(b.label, locale);
        parts.push(
          group(
            b,
            locale,
            b.kind === "link" ? textEl(x, y + 18, label, "lk") : button(x, y, label, Boolean(b.primary)),
          ),
        );
        x += buttonWidth(label) + 8;
      }
      y += BUTTON_H + 12;
      continue;
    }
    let drawn: { svg: string; height: number };
    switch (f.kind) {
      case "text":
      case "password":
      case "dropdown":
      case "readonly":
        drawn = boxField(f, locale, y);
        break;
      case "toggle":
        drawn = toggleField(f, locale, y);
        break;
      case "checkbox": {
        const on = f.value?.en === "On";
        drawn = {
          svg: group(
            f,
            locale,
            checkbox(PAD, y + 4, on) + textEl(PAD + 20, y + 15, fit(t(f.label, locale), INNER - 20), "v"),
          ),
          height: 26,
        };
        break;
      }
      case "list":
        drawn = listField(f, locale, y, screen.title.en === "☰");
        break;
      case "tree":
        drawn = treeField(f, locale, y);
        break;
      case "message": {
        const link = next?.kind === "link" && next.inline ? next : undefined;
        if (link) i++;
        drawn = messageField(f, link, locale, y);
        break;
      }
      case "group":
        drawn = {
          svg: group(
            f,
            locale,
            textEl(PAD, y + 16, fit(t(f.label, locale), INNER), "gh") +
              `<line x1="${PAD}" y1="${y + 24}" x2="${PAD + INNER}" y2="${y + 24}" class="sep"/>`,
          ),
          height: 30,
        };
        break;
      case "tabs": {
        let x = PAD;
        const tabs = (f.items ?? []).map((item) => {
          const label = t(item.text, locale);
          const w = Math.ceil(label.length * 7 + 24);
          const svg =
            textEl(x + w / 2, y + 18, label, item.selected ? "tb" : "ta") +
            (item.selected ? `<rect x="${x}" y="${y + 25}" width="${w}" height="3" fill="${ACCENT}"/>` : "");
          x += w;
          return svg;
        });
        drawn = {
          svg: group(
            f,
            locale,
            tabs.join("") +
              `<line x1="${PAD}" y1="${y + 28}" x2="${PAD + INNER}" y2="${y + 28}" class="sep"/>`,
          ),
          height: 38,
        };
        break;
      }
      case "paragraph": {
        const lines = wrap(t(f.label, locale), INNER);
        drawn = {
          svg: group(f, locale, lines.map((l, i) => textEl(PAD, y + 14 + i * LINE, l, "v")).join("")),
          height: lines.length * LINE + 12,
        };
        break;
      }
      case "link":
        throw new Error("unreachable");
    }
    // The field the page is about: a tinted band behind it, an accent bar on its left.
    if (f.highlighted)
      parts.push(
        `<rect x="2" y="${y}" width="${PANE_W - 4}" height="${drawn.height - 2}" fill="${SELECTED_FILL}" data-highlighted=""/>`,
        `<rect x="2" y="${y}" width="3" height="${drawn.height - 2}" fill="${ACCENT}"/>`,
      );
    parts.push(drawn.svg);
    y += drawn.height;
  }
  const height = Math.ceil(y + 4);
  // The menu's title is its icon, which the title bar already draws: the bar names it by its list's label.
  const title = screen.title.en === "☰" ? t(screen.fields[0]?.label, locale) : t(screen.title, locale);
  const context = t(screen.context, locale);
  const svg = [
    svgOpen(PANE_W, height, locale, caption(screen, locale), altText(screen, locale)),
    `<style>text{white-space:pre;font-family:${FONT};font-size:12px;fill:${INK}}`,
    `.ti{font-weight:600;font-size:14px}.lb{fill:${INK_MUTED};font-size:11.5px}.mu{fill:${INK_MUTED};font-size:11px}`,
    `.vb{font-weight:600}.vi{font-style:italic}.dis{fill:${DISABLED}}.gh{font-weight:600;font-size:13px}`,
    `.st{text-anchor:end;fill:${INK_MUTED};font-size:11px}.lk{fill:${ACCENT};text-decoration:underline}`,
    `.bt,.btp,.sa,.ta,.tb{text-anchor:middle}.btp{fill:#ffffff;font-weight:600}.sa{font-size:11px}.tb{font-weight:600;fill:${ACCENT}}`,
    `.bp{fill:${ACCENT}}.bs{fill:#ffffff;stroke:#8a8f98}.box{fill:#ffffff;stroke:${BORDER}}.ro{fill:${HEADER_FILL};stroke:${BORDER}}`,
    `.row{fill:#ffffff;stroke:${BORDER}}.sep{stroke:#e3e5e8}</style>`,
    `<rect x="0.5" y="0.5" width="${PANE_W - 1}" height="${height - 1}" fill="#ffffff" stroke="${BORDER}"/>`,
    `<rect x="1" y="1" width="${PANE_W - 2}" height="${barH}" fill="${HEADER_FILL}"/>`,
    `<line x1="1" y1="${barH + 1}" x2="${PANE_W - 1}" y2="${barH + 1}" stroke="${BORDER}"/>`,
    ...(address.length
      ? [
          textEl(PAD, 23, title, "ti", ' data-title=""'),
          `<rect x="${PAD}" y="34" width="${INNER}" height="${BOX_H + (address.length - 1) * LINE}" rx="14" class="box"/>`,
          ...address.map((l, i) => textEl(PAD + 10, 52 + i * LINE, l, "v", ' data-address=""')),
        ]
      : [
          textEl(PAD, context ? 21 : 25, "☰", "ti"),
          // The title at full length (bold 14 px is about 8.2 px a character); the connection under it, when
          // logged in.
          textEl(PAD + 22, context ? 21 : 25, title, "ti", ' data-title=""'),
          context ? textEl(PAD + 22, 37, fit(context, INNER - 22), "mu", ' data-context=""') : "",
        ]),
    ...parts,
    "</svg>",
  ].join("");
  return { svg, height };
}

/** One field in words, for the alt text; the field a page is about says so. */
function describeField(f: Field, locale: Locale): string {
  const said = describeFieldAlone(f, locale);
  return f.highlighted ? `${said} (${WORDS[locale].highlighted})` : said;
}

function describeFieldAlone(f: Field, locale: Locale): string {
  const w = WORDS[locale];
  const label = t(f.label, locale);
  const value = t(f.value, locale);
  const itemText = (item: Item): string => {
    const notes = [
      t(item.detail, locale),
      item.expanded === true ? w.expanded : item.expanded === false ? w.collapsed : "",
      item.checked ? w.ticked : "",
      item.selected ? w.selected : "",
      item.disabled ? w.grayed : "",
      item.actions?.length ? w.buttons(item.actions.map((a) => t(a, locale)).join(", ")) : "",
    ].filter(Boolean);
    return notes.length ? `${t(item.text, locale)} (${notes.join(", ")})` : t(item.text, locale);
  };
  const items = (f.items ?? []).map(itemText).join(", ");
  switch (f.kind) {
    case "text":
      return w.text(label, value);
    case "password":
      return w.password(label, value);
    case "dropdown":
      return w.dropdown(label, value, (f.options ?? []).map((o) => t(o, locale)).join(", "));
    case "toggle":
      return w.toggle(label, value);
    case "checkbox":
      return w.checkbox(label, f.value?.en === "On");
    case "readonly":
      return w.readonly(label, value);
    case "button":
      return w.button(label);
    case "link":
      return w.link(label);
    case "group":
      return w.group(label);
    case "tabs":
      return w.tabs(
        (f.items ?? []).map((i) => t(i.text, locale)).join(w.and),
        t((f.items ?? []).find((i) => i.selected)?.text, locale),
      );
    case "list":
      return w.list(label, items);
    case "tree":
      return w.tree(label, items);
    case "message":
      return w.message(w.tone[f.tone ?? "success"], label);
    case "paragraph":
      return w.paragraph(label);
  }
}

/** The screen in words, field by field in the pane's order, for readers who do not see the picture. */
export function altText(screen: ScreenDescription, locale: Locale): string {
  const w = WORDS[locale];
  const title = t(screen.title, locale);
  const context = t(screen.context, locale);
  const name = title === "☰" ? t(screen.fields[0]?.label, locale) : title;
  const head = screen.address
    ? w.page(name, t(screen.address, locale))
    : `${name === "QiBates" ? w.pane("").replace(/, $/, "") : w.pane(name)}${context ? ` (${w.context[screen.contextKind ?? "connection"](context)})` : ""}`;
  // Each part gets the language's typography on its own; the separator is written as the language writes it
  // (a French semicolon after an address would otherwise lose its space).
  const fields = screen.fields.map((f) => fr(locale, describeField(f, locale)));
  return `${fr(locale, head)}${colon(locale)}${fields.join(locale === "fr" ? `${NNBSP}; ` : "; ")}.`;
}

export function caption(screen: ScreenDescription, locale: Locale): string {
  return `${t(screen.caption, locale)}.`;
}

export interface ScreenEntry extends DrawnEntry {
  pages: string[];
}

/** Writes every screen (both languages) and screens.json into `dir`; returns the manifest. */
export function writeScreens(dir: string): Record<string, ScreenEntry> {
  return writeDrawn(
    dir,
    "/img/screens",
    "screens.json",
    SCREENS.map((screen) => ({
      id: screen.id,
      fields: { pages: [...screen.pages] },
      draw: (locale: Locale) => ({
        ...screenSvg(screen, locale),
        width: PANE_W,
        alt: altText(screen, locale),
        caption: caption(screen, locale),
      }),
    })),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL("../static/img/screens", import.meta.url)));
  const manifest = writeScreens(dir);
  process.stdout.write(`[site] ${Object.keys(manifest).length} screen pictures in ${dir}\n`);
}
