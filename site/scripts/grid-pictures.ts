// Pictures of the grid before and after each operation the feature pages describe, computed by @qibates/engine
// (never drawn by hand): the ad hoc operations and Cascade on Sample.Basic, the Planning form, rule and task on the
// Vision demo application. Each picture is an SVG per language (labels, title and description in that language)
// plus its alt text and caption in pictures.json. The site's grid-pictures plugin
// (src/plugins/grid-pictures.ts) runs this when the site is built or started; the pages show them with
// <GridPictures page="…" />. Run by hand: npx tsx site/scripts/grid-pictures.ts [output folder]
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createVisionPlanning } from "@qibates/engine/demo/planning";
import { createSampleBasicCube } from "@qibates/engine/demo/sample-basic";
import type { GridSettings, ZoomMode } from "@qibates/engine/grid";
import { finish, runGridOperation } from "@qibates/engine/grid";
import { children } from "@qibates/engine/members";
import type { OpenFormResult } from "@qibates/engine/planning";
import { type ContractCellKind, cellKindsSteps } from "@qibates/grid-bridge/answers";
import { type LiveAction, PRESETS, type PresetName } from "../src/components/LiveGrid/presets.ts";
import { frenchTypography, NNBSP } from "../src/plugins/french-typography.ts";
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
  type Text,
  writeDrawn,
  xml,
} from "./svg-common.ts";

export type { Locale } from "./svg-common.ts";

interface Cell {
  row: number;
  column: number;
}

/** How a cell is drawn: its kind as the API returns it to the add-in, for an ad hoc grid as for a form (a data
 *  cell that cannot be written is `read-only`, gray-blue as Color coding shows it). */
export type PictureKind = ContractCellKind;

/** One sheet as the engine returns it; a form's sheet also has its POV, as the pane's POV bar shows it. */
export interface Sheet {
  grid: string[][];
  kinds: PictureKind[][];
  pov?: string[];
}

/** A sheet a Cascade writes, with the name of its tab. */
export interface NamedSheet {
  name: string;
  sheet: Sheet;
}

/** A picture's grids: before, after, and for a Cascade every sheet it wrote (`after` is then the first). */
export interface PicturePair {
  before: Sheet;
  after: Sheet;
  copies?: NamedSheet[];
  /** The notification shown after the operation (a rule's message), in each language, as the engine says it. */
  notes?: Text;
}

/** One operation pictured: the page it belongs to, how its starting grid is reached, what is run. */
export interface PictureSpec {
  id: string;
  /** The feature page (its `<GridPictures page="…" />`). */
  page:
    | "zoom"
    | "keepRemove"
    | "pivot"
    | "refresh"
    | "missingSuppression"
    | "submit"
    | "adhoc"
    | "cascade"
    | "openForm"
    | "runRule"
    | "taskLists"
    | "missingLabel"
    | "navigationWithoutData"
    | "withoutIndentation"
    | "displayCodeAndAlias";
  /** The sheet as typed: a live example's (its preset) or the picture's own `sheet`. */
  preset?: PresetName;
  sheet?: string[][];
  /** The typed sheet is the "before" grid as it is (an empty sheet), not refreshed first. */
  asTyped?: true;
  /** Operations run on the refreshed sheet first, to reach the "before" grid. */
  setup?: { action: string; cells: Cell[]; zoomMode?: ZoomMode }[];
  /** Text the user then types over cells of that grid (a member over a member, a value over a value). */
  typed?: (Cell & { text: string })[];
  /** A live example's operation, or one only a picture shows (Cascade, forms, rules, tasks). */
  action: LiveAction | "cascade" | "openform" | "runrule" | "opentask";
  /** Open form, Run a business rule: the Vision form opened (its default POV), before the rule for a rule. */
  form?: { folder: string; name: string };
  /** Run a business rule: the Vision rule launched, with its runtime prompts. */
  rule?: { cube: string; name: string; prompts: { name: string; value: string }[] };
  /** Open task: the Vision task list and task (by the names the Task Lists screen shows); a Form task opens its
   *  target form. */
  task?: { list: string; name: string };
  /** The selected cells (for Submit, the modified cells sent; for Cascade, the POV cell whose member's children
   *  get a sheet each); marked in the "before" grid. */
  cells: Cell[];
  /** Cells marked in the "before" grid instead of the selected ones (the rows an operation removes). */
  beforeMarks?: Cell[];
  zoomMode?: ZoomMode;
  /** Settings changed for the operation only (the "before" grid has the defaults). */
  settings?: Partial<GridSettings>;
  /** The operation's name as the pane shows it, and what it was run on. */
  operation: Text;
  /** The "before" state in words, for the alt text (else "cell B2 (Qtr1) selected"). */
  before?: Text;
  /** What the operation changed, in words, for the caption (else "<operation> on cell B2 (Qtr1)"). Never a
   *  number the picture does not show: the numbers are the engine's. */
  change?: Text;
  /** What the "after" grid marks: member cells the "before" grid did not have (default), data cells whose
   *  value changed (same layout), member cells whose text changed in the same place (their indentation
   *  included), or nothing. */
  mark?: "new-members" | "changed-data" | "changed-pov" | "changed-members" | "none";
  /** Why the ad hoc grid's gray-blue cells cannot be changed, for the caption's key (required when the picture
   *  draws any, refused when it draws none). */
  readOnly?: Text;
}

export const PICTURES: readonly PictureSpec[] = [
  {
    id: "zoom-in",
    page: "zoom",
    preset: "zoom",
    action: "zoomin",
    cells: [{ row: 1, column: 1 }],
    zoomMode: "NEXT_LEVEL",
    operation: { en: "Zoom In (Next level)", fr: "Zoom avant (Niveau suivant)" },
  },
  {
    id: "zoom-out",
    page: "zoom",
    preset: "zoom",
    setup: [{ action: "zoomin", cells: [{ row: 1, column: 1 }], zoomMode: "NEXT_LEVEL" }],
    action: "zoomout",
    cells: [{ row: 1, column: 2 }],
    operation: { en: "Zoom Out", fr: "Zoom arrière" },
  },
  {
    id: "keep-only",
    page: "keepRemove",
    preset: "keepRemove",
    action: "keeponly",
    cells: [{ row: 2, column: 1 }],
    operation: { en: "Keep Only", fr: "Conserver uniquement" },
    readOnly: { en: "Profit is calculated", fr: "Profit est calculé" },
  },
  {
    id: "remove-only",
    page: "keepRemove",
    preset: "keepRemove",
    action: "removeonly",
    cells: [{ row: 4, column: 0 }],
    operation: { en: "Remove Only", fr: "Enlever uniquement" },
    readOnly: { en: "Profit is calculated", fr: "Profit est calculé" },
  },
  {
    id: "pivot",
    page: "pivot",
    preset: "pivot",
    action: "pivot",
    cells: [{ row: 2, column: 1 }],
    operation: { en: "Pivot", fr: "Pivoter" },
    readOnly: { en: "Profit is calculated", fr: "Profit est calculé" },
  },
  {
    id: "pivot-to-pov",
    page: "pivot",
    preset: "pivot",
    setup: [{ action: "pivot", cells: [{ row: 2, column: 1 }] }],
    action: "pivottopov",
    cells: [{ row: 2, column: 1 }],
    operation: { en: "Pivot to POV", fr: "Pivoter vers le PDV" },
    readOnly: { en: "Profit is calculated", fr: "Profit est calculé" },
  },
  {
    // The Refresh page's example: Cola Sales Actual for East, East overtyped with Massachusetts.
    id: "refresh",
    page: "refresh",
    sheet: [
      ["", "100-10", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "", "", ""],
    ],
    typed: [{ row: 2, column: 0, text: "Massachusetts" }],
    action: "refresh",
    cells: [{ row: 2, column: 0 }],
    operation: { en: "Refresh", fr: "Actualiser" },
    before: {
      en: "Massachusetts typed over East in A3, the data cells still East's",
      fr: "Massachusetts saisi à la place de East en A3, les cellules de données encore celles de East",
    },
    change: {
      en: "Refresh after typing Massachusetts over East in A3: the data cells, which still held East's values, now show Massachusetts's",
      fr: "Actualiser après avoir remplacé East par Massachusetts en A3 : les cellules de données, qui montraient encore les valeurs de East, montrent celles de Massachusetts",
    },
    mark: "changed-data",
  },
  {
    // The Missing suppression page's example: the products zoomed to all levels in the South.
    id: "missing-suppression",
    page: "missingSuppression",
    sheet: [
      ["", "Sales", "Actual", "Qtr1"],
      ["", "South", "", ""],
      ["Product", "", "", ""],
    ],
    setup: [{ action: "zoomin", cells: [{ row: 2, column: 0 }], zoomMode: "ALL_LEVELS" }],
    action: "refresh",
    cells: [],
    // The five #Missing rows, header and data cell.
    beforeMarks: [4, 15, 16, 17, 18].flatMap((row) => [
      { row, column: 0 },
      { row, column: 1 },
    ]),
    settings: { missingSuppression: true },
    operation: {
      en: "Refresh with Missing suppression on",
      fr: "Actualiser avec Supprimer les lignes manquantes activé",
    },
    before: {
      en: "Missing suppression off, Product zoomed in to all levels in the South",
      fr: "Supprimer les lignes manquantes désactivé, zoom avant sur tous les niveaux de Product dans South",
    },
    change: {
      en: "Refresh with Missing suppression on: the rows whose data cells are all #Missing in the South (100-30, 400-10, 400-20, 400-30 and 400) are removed; every other product stays",
      fr: "Actualiser avec Supprimer les lignes manquantes activé : les lignes dont toutes les cellules de données sont #Missing dans South (100-30, 400-10, 400-20, 400-30 et 400) sont supprimées ; tous les autres produits restent",
    },
    mark: "none",
  },
  {
    // The Submit page's example: New York's Budget overtyped, then submitted; East, its parent, follows.
    id: "submit",
    page: "submit",
    sheet: [
      ["", "100-10", "Sales", "Budget"],
      ["", "Jan", "Feb", "Mar"],
      ["New York", "", "", ""],
      ["East", "", "", ""],
    ],
    typed: [
      { row: 2, column: 1, text: "40" },
      { row: 2, column: 2, text: "35" },
      { row: 2, column: 3, text: "42" },
    ],
    action: "submit",
    cells: [
      { row: 2, column: 1 },
      { row: 2, column: 2 },
      { row: 2, column: 3 },
    ],
    operation: { en: "Submit", fr: "Soumettre" },
    before: {
      en: "new values typed over New York's Budget for Jan, Feb and Mar (modified cells B3:D3)",
      fr: "nouvelles valeurs saisies sur le budget de New York pour Jan, Feb et Mar (cellules modifiées B3:D3)",
    },
    change: {
      en: "Submit data for the modified cells B3:D3 of New York: the server stores them and the grid is refreshed; on the demo server East, their parent, shows its new totals at once",
      fr: "Soumettre les données des cellules modifiées B3:D3 de New York : le serveur les enregistre et la grille est actualisée ; sur le serveur de démonstration, East, leur parent, montre aussitôt ses nouveaux totaux",
    },
    mark: "changed-data",
  },
  {
    // The Ad hoc page's first grid: Open grid on an empty sheet writes the default grid.
    id: "adhoc-open-grid",
    page: "adhoc",
    sheet: [
      ["", "", "", ""],
      ["", "", "", ""],
      ["", "", "", ""],
    ],
    asTyped: true,
    action: "refresh",
    cells: [],
    operation: { en: "Open grid", fr: "Ouvrir une grille" },
    before: { en: "an empty sheet", fr: "une feuille vide" },
    change: {
      en: "Open grid on Sample.Basic in an empty sheet: the default ad hoc grid, one dimension on the rows, one on the columns and all the others in the POV row, each at its top member",
      fr: "Ouvrir une grille sur Sample.Basic dans une feuille vide : la grille ad hoc par défaut, une dimension en ligne, une en colonne et toutes les autres dans la ligne de PDV, chacune sur son membre de tête",
    },
    readOnly: {
      en: "Year is calculated, Measures and Scenario are Label Only",
      fr: "Year est calculé, Measures et Scenario sont en libellé uniquement",
    },
    mark: "none",
  },
  {
    // The Cascade page's example: Cola Sales Actual for East, cascaded over the children of East.
    id: "cascade",
    page: "cascade",
    sheet: [
      ["", "100-10", "Actual", "East"],
      ["", "Jan", "Feb", "Mar"],
      ["Sales", "", "", ""],
    ],
    action: "cascade",
    cells: [{ row: 0, column: 3 }],
    operation: { en: "Cascade", fr: "Cascade" },
    before: {
      en: "the source sheet, East in its POV row (D1)",
      fr: "la feuille source, East dans sa ligne de PDV (D1)",
    },
    change: {
      en: "Cascade over the children of East (D1), into this workbook: one sheet per state, named after it, with the source sheet's layout and that state's data; the source sheet is left as it was",
      fr: "Cascade sur les enfants d'East (D1), dans ce classeur : une feuille par État, à son nom, avec la mise en page de la feuille source et les données de cet État ; la feuille source reste inchangée",
    },
    mark: "changed-pov",
  },
  {
    // The Open form page's example: Revenue Plan of /Forms/Revenue, opened with its default POV.
    id: "open-form",
    page: "openForm",
    action: "openform",
    form: { folder: "/Forms/Revenue", name: "Revenue Plan" },
    cells: [],
    operation: { en: "Open form Revenue Plan", fr: "Ouvrir le formulaire Revenue Plan" },
    before: { en: "an empty sheet", fr: "une feuille vide" },
    change: {
      en: "Open the form Revenue Plan in an empty sheet: its grid is written into the sheet and its POV shown in the POV bar; the cells you can write are white, the computed ones (Q1 and Total Revenue) gray-blue",
      fr: "Ouvrir le formulaire Revenue Plan dans une feuille vide : sa grille est écrite dans la feuille et son PDV affiché dans la barre de PDV ; les cellules modifiables sont blanches, les cellules calculées (Q1 et Total Revenue) gris-bleu",
    },
    mark: "none",
  },
  {
    // The Run a business rule page's example: GrowRevenue on entity 410, seen on the form Revenue Plan.
    id: "run-rule",
    page: "runRule",
    action: "runrule",
    form: { folder: "/Forms/Revenue", name: "Revenue Plan" },
    rule: {
      cube: "Plan1",
      name: "GrowRevenue",
      prompts: [
        { name: "Entities", value: "410" },
        { name: "GrowthPct", value: "5" },
      ],
    },
    cells: [],
    operation: { en: "GrowRevenue, then Refresh", fr: "GrowRevenue, puis Actualiser" },
    before: {
      en: "the form Revenue Plan for entity 410",
      fr: "le formulaire Revenue Plan pour l'entité 410",
    },
    change: {
      en: "Run the rule GrowRevenue with Entities 410 and GrowthPct 5, then Refresh on the form Revenue Plan: a notification gives the rule's message, and every revenue cell of entity 410 is 5% higher",
      fr: "Lancer la règle GrowRevenue avec Entities 410 et GrowthPct 5, puis Actualiser sur le formulaire Revenue Plan : une notification donne le message de la règle, et chaque cellule de chiffre d'affaires de l'entité 410 augmente de 5 %",
    },
    mark: "changed-data",
  },
  {
    // The Task lists page's example: the first task of Budget Preparation, a Form task.
    id: "open-task",
    page: "taskLists",
    action: "opentask",
    task: { list: "Budget Preparation", name: "Enter the revenue plan" },
    cells: [],
    operation: { en: "Open task", fr: "Ouvrir la tâche" },
    before: {
      en: "an empty sheet, the task Enter the revenue plan selected in Task Lists",
      fr: "une feuille vide, la tâche Enter the revenue plan sélectionnée dans Listes de tâches",
    },
    change: {
      en: "Open task on Enter the revenue plan, a Form task of the task list Budget Preparation: the form it names, Revenue Plan, opens in the sheet",
      fr: "Ouvrir la tâche sur Enter the revenue plan, tâche de type Formulaire de la liste Budget Preparation : le formulaire qu'elle désigne, Revenue Plan, s'ouvre dans la feuille",
    },
    mark: "none",
  },
  {
    // The Missing label page's example: Fruit Soda (400) has no sales in the South. The label is sent as the
    // add-in sends it, in the grid settings (missingLabel).
    id: "missing-label",
    page: "missingLabel",
    sheet: [
      ["", "Sales", "Actual", "Qtr1"],
      ["", "East", "South", ""],
      ["300", "", "", ""],
      ["400", "", "", ""],
    ],
    action: "refresh",
    cells: [],
    beforeMarks: [{ row: 3, column: 2 }],
    settings: { missingLabel: "-" },
    operation: {
      en: "Refresh with the missing label set to -",
      fr: "Actualiser avec le libellé #Missing réglé sur -",
    },
    before: {
      en: "the default missing label, #Missing, in C4 (400 in the South)",
      fr: "le libellé #Missing par défaut, en C4 (400 dans South)",
    },
    change: {
      en: "Refresh after Missing label is set to a dash: C4, the cell that holds no value (400 in the South), shows - instead of #Missing; the other cells keep their values",
      fr: "Actualiser après avoir réglé le libellé #Missing sur un tiret : C4, la cellule sans valeur (400 dans South), affiche - au lieu de #Missing ; les autres cellules gardent leurs valeurs",
    },
    mark: "changed-data",
  },
  {
    // The Navigation without data page's example: Cola Sales Actual for East, zoomed in with the setting on
    // (navigateWithoutData, as the add-in sends it).
    id: "navigation-without-data",
    page: "navigationWithoutData",
    sheet: [
      ["", "100-10", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "", "", ""],
    ],
    action: "zoomin",
    cells: [{ row: 2, column: 0 }],
    zoomMode: "NEXT_LEVEL",
    settings: { navigateWithoutData: true },
    operation: {
      en: "Zoom In with Navigation without data on",
      fr: "Zoom avant avec Navigation sans données activée",
    },
    before: {
      en: "cell A3 (East) selected, with its values",
      fr: "cellule A3 (East) sélectionnée, avec ses valeurs",
    },
    change: {
      en: "Zoom In on East (A3) with Navigation without data on: the five states appear above East with empty data cells, and East keeps the values it showed; no data is read from the server until the next Refresh",
      fr: "Zoom avant sur East (A3) avec Navigation sans données activée : les cinq États apparaissent au-dessus de East avec des cellules de données vides, et East garde les valeurs qu'il affichait ; aucune donnée n'est lue sur le serveur avant la prochaine actualisation",
    },
  },
  {
    // The Without indentation page's example: Profit zoomed in to all levels, then refreshed with the setting on
    // (withoutIndentation, as the add-in sends it).
    id: "without-indentation",
    page: "withoutIndentation",
    sheet: [
      ["", "100-10", "Actual", "East"],
      ["", "Jan", "", ""],
      ["Profit", "", "", ""],
    ],
    setup: [{ action: "zoomin", cells: [{ row: 2, column: 0 }], zoomMode: "ALL_LEVELS" }],
    action: "refresh",
    cells: [],
    // The indented row members.
    beforeMarks: [2, 3, 4, 5, 6, 7, 8].map((row) => ({ row, column: 0 })),
    settings: { withoutIndentation: true },
    operation: {
      en: "Refresh with Without indentation on",
      fr: "Actualiser avec Sans mise en retrait activé",
    },
    before: {
      en: "Without indentation off, Profit zoomed in to all levels: Margin and Total Expenses indented by five spaces, the accounts under them by ten",
      fr: "Sans mise en retrait désactivé, zoom avant sur tous les niveaux de Profit : Margin et Total Expenses décalés de cinq espaces, les comptes en dessous de dix",
    },
    change: {
      en: "Refresh with Without indentation on: the row members lose their leading spaces and all start at the left edge of column A; the data do not change",
      fr: "Actualiser avec Sans mise en retrait activé : les membres en lignes perdent leurs espaces de tête et commencent tous au bord gauche de la colonne A ; les données ne changent pas",
    },
    readOnly: {
      en: "Margin, Total Expenses and Profit are calculated",
      fr: "Margin, Total Expenses et Profit sont calculés",
    },
    mark: "changed-members",
  },
  {
    // The Display code and alias page's example: the Colas under 100, names (the default), then Both with the
    // Default alias table (codeAliasParam.displayCodeAndAlias, as the add-in sends it).
    id: "display-code-and-alias",
    page: "displayCodeAndAlias",
    sheet: [
      ["", "Sales", "Actual", "East"],
      ["", "Jan", "", ""],
      ["100", "", "", ""],
    ],
    setup: [{ action: "zoomin", cells: [{ row: 2, column: 0 }], zoomMode: "NEXT_LEVEL" }],
    action: "refresh",
    cells: [],
    settings: { aliasTable: "Default", codeAliasParam: { displayCodeAndAlias: true } },
    operation: {
      en: "Refresh with Display code and alias set to Both",
      fr: "Actualiser avec Afficher le code et l'alias réglé sur Les deux",
    },
    before: {
      en: "Display code and alias set to Member name only (the default), 100 zoomed in to its three children",
      fr: "Afficher le code et l'alias réglé sur Nom de membre seul (par défaut), zoom avant sur 100 jusqu'à ses trois enfants",
    },
    change: {
      en: "Refresh with Display code and alias set to Both, Default alias table: each row member shows its name, a colon and its alias; Sales, Actual, East and Jan, which have no alias in that table, show their name alone; the data do not change",
      fr: "Actualiser avec Afficher le code et l'alias réglé sur Les deux, table d'alias Default : chaque membre en ligne affiche son nom, un deux-points et son alias ; Sales, Actual, East et Jan, qui n'ont pas d'alias dans cette table, affichent leur nom seul ; les données ne changent pas",
    },
  },
];

/** The pictures computed on the Vision demo application (Planning forms, rules, tasks); the others on Sample.Basic. */
export function onVision(spec: PictureSpec): boolean {
  return spec.action === "openform" || spec.action === "runrule" || spec.action === "opentask";
}

/** The sheet a picture starts from, as typed. */
export function startSheet(spec: PictureSpec): string[][] {
  const sheet = spec.sheet ?? (spec.preset ? PRESETS[spec.preset].sheet : undefined);
  if (!sheet) throw new Error(`${spec.id}: no sheet and no preset`);
  return sheet;
}

/** A picture whose operation writes to the cube (Submit) runs on a cube of its own, never on one shared. (A
 *  picture on Vision always gets an application of its own, rule or not.) */
export function writesData(spec: PictureSpec): boolean {
  return spec.action === "submit";
}

/** Names, not aliases, and the default settings, as the pages' tables show the grids. */
const SETTINGS: GridSettings = {
  memberDisplay: "name",
  aliasTable: null,
  missingLabel: "#Missing",
  includeSelection: true,
};

/** The spreadsheet name of a cell (B3), from 0-based coordinates. */
export function cellName({ row, column }: Cell): string {
  let letters = "";
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26)) {
    letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  }
  return `${letters}${row + 1}`;
}

type Cube = ReturnType<typeof createSampleBasicCube>;

function run(
  cube: Cube,
  action: string,
  grid: string[][],
  cells: Cell[],
  zoomMode?: ZoomMode,
  settings?: Partial<GridSettings>,
): Sheet {
  const r = runGridOperation(cube, {
    action,
    grid,
    cells,
    settings: { ...SETTINGS, ...settings },
    ...(zoomMode ? { zoomMode } : {}),
  });
  // The kinds the API's answer gives the add-in (grid-bridge's rule), not the engine's render kinds.
  return { grid: r.grid, kinds: finish(cellKindsSteps(r)) };
}

/** A form as the add-in writes it: its grid in the sheet (cells coloured by kind), its POV in the POV bar. */
export function formSheet(form: Pick<OpenFormResult, "grid" | "cellKinds" | "pov">): Sheet {
  return {
    grid: form.grid.map((r) => r.map((t) => String(t ?? ""))),
    kinds: form.cellKinds.map((r) => [...r]),
    pov: Object.values(form.pov),
  };
}

/** An empty sheet as large as `sheet`. */
function emptyLike(sheet: Sheet): Sheet {
  return {
    grid: sheet.grid.map((r) => r.map(() => "")),
    kinds: sheet.grid.map((r) => r.map((): PictureKind => "blank")),
  };
}

/** A Planning picture, on a Vision application of its own: the form, rule or task the spec names. */
function computeVision(spec: PictureSpec): PicturePair {
  const app = createVisionPlanning();
  if (spec.action === "opentask") {
    const list = app.listTaskLists().taskLists.find((l) => l.name === spec.task?.list);
    const task = list?.tasks.find((t) => t.name === spec.task?.name);
    if (task?.type !== "form" || !task.target) throw new Error(`${spec.id}: no Form task ${spec.task?.name}`);
    const cut = task.target.lastIndexOf("/");
    const after = formSheet(
      app.openForm({ folder: task.target.slice(0, cut), formName: task.target.slice(cut + 1) }),
    );
    return { before: emptyLike(after), after };
  }
  if (!spec.form) throw new Error(`${spec.id}: no form`);
  const opened = app.openForm({ folder: spec.form.folder, formName: spec.form.name });
  if (spec.action === "openform") {
    const after = formSheet(opened);
    return { before: emptyLike(after), after };
  }
  const rule = spec.rule;
  if (!rule) throw new Error(`${spec.id}: no rule`);
  const launch = (on: ReturnType<typeof createVisionPlanning>, locale: Locale) =>
    on.launchRule({ cube: rule.cube, ruleName: rule.name, prompts: rule.prompts, locale }).message ?? "";
  // The message in each language; the French run on an application of its own, so the rule runs once on each.
  const notes = { en: launch(app, "en"), fr: launch(createVisionPlanning(), "fr") };
  const refreshed = app.openForm({ folder: spec.form.folder, formName: spec.form.name, pov: opened.pov });
  return { before: formSheet(opened), after: formSheet(refreshed), notes };
}

/** Cascade: the source sheet refreshed, then one copy per child of the POV member selected, that child set in the
 *  copy's POV and the copy refreshed (as the add-in does, one refresh per member), named after the member. */
function computeCascade(spec: PictureSpec, cube: Cube): PicturePair {
  const before = run(cube, "refresh", startSheet(spec), []);
  const cell = spec.cells[0];
  const name = String(before.grid[cell?.row ?? -1]?.[cell?.column ?? -1] ?? "").trim();
  const member = cube.outline.member(name);
  if (!cell || !member) throw new Error(`${spec.id}: no member in the POV cell`);
  const copies = children(member).map((m) => {
    const grid = before.grid.map((r) => [...r]);
    (grid[cell.row] as string[])[cell.column] = m.name;
    return { name: m.name, sheet: run(cube, "refresh", grid, []) };
  });
  const first = copies[0];
  if (!first) throw new Error(`${spec.id}: ${name} has no children`);
  return { before, after: first.sheet, copies };
}

/** The grids before and after one pictured operation, from the engine. */
export function computePicture(spec: PictureSpec, cube: Cube = createSampleBasicCube()): PicturePair {
  if (onVision(spec)) return computeVision(spec);
  if (spec.action === "cascade") return computeCascade(spec, cube);
  const sheet = startSheet(spec);
  let before: Sheet = spec.asTyped
    ? { grid: sheet.map((r) => [...r]), kinds: sheet.map((r) => r.map((): PictureKind => "blank")) }
    : run(cube, "refresh", sheet, []);
  for (const step of spec.setup ?? []) {
    before = run(cube, step.action, before.grid, step.cells, step.zoomMode);
  }
  if (spec.typed?.length) {
    const grid = before.grid.map((r) => [...r]);
    for (const t of spec.typed) {
      const row = grid[t.row];
      if (!row || t.column >= row.length) throw new Error(`${spec.id}: ${cellName(t)} is outside the grid`);
      row[t.column] = t.text;
    }
    before = { grid, kinds: before.kinds };
  }
  const after = run(cube, spec.action, before.grid, spec.cells, spec.zoomMode, spec.settings);
  return { before, after };
}

/** The words a picture draws around the grids, per language (French typography applied where used). */
const WORDS = {
  en: {
    before: "Before",
    after: (operation: string) => `After: ${operation}`,
    pov: "POV bar",
    note: "Notification",
    sheet: (name: string) => `Sheet "${name}"`,
  },
  fr: {
    before: "Avant",
    after: (operation: string) => `Après : ${operation}`,
    pov: "Barre de PDV",
    note: "Notification",
    sheet: (name: string) => `Feuille « ${name} »`,
  },
} as const;

/** The non-empty rows of a sheet, each as "row N: a, b, c", after its POV bar if it has one (in French with the
 *  no-break spaces the typography plugin gives, the cells exactly as drawn: 13875 stays 13875). */
function describeSheet(sheet: Sheet, locale: Locale): string {
  const rowWord = locale === "fr" ? "ligne" : "row";
  const rows = sheet.grid
    .map((cells, i) => ({ i, cells: cells.map((c) => String(c ?? "").trim()).filter(Boolean) }))
    .filter((r) => r.cells.length > 0)
    .map((r) => `${rowWord} ${r.i + 1}${colon(locale)}${r.cells.join(", ")}`);
  const pov = sheet.pov ? [`${WORDS[locale].pov}${colon(locale)}${sheet.pov.join(", ")}`] : [];
  return [...pov, ...rows].join(locale === "fr" ? `${NNBSP}; ` : "; ");
}

/** The selected cells, as "B2 (Qtr1)". */
function selection(spec: PictureSpec, before: Sheet): string {
  return spec.cells
    .map((c) => `${cellName(c)} (${String(before.grid[c.row]?.[c.column] ?? "").trim()})`)
    .join(", ");
}

/** The colours' key, one text per mark and language (the French gets its typography once the key is put
 *  together). */
const KEY: Record<
  Locale,
  {
    outlined: (setting: boolean, many: boolean) => string;
    yellow: string;
    readOnly: (many: boolean, why: string) => string;
    green: (form: boolean) => string;
  }
> = {
  en: {
    outlined: (setting, many) =>
      setting
        ? many
          ? "Outlined: the cells this setting acts on."
          : "Outlined: the cell this setting acts on."
        : many
          ? "Outlined: the cells selected."
          : "Outlined: the cell selected.",
    yellow: "Yellow: cells typed, not yet submitted.",
    readOnly: (many, why) => `Gray-blue: ${many ? "cells" : "the cell"} you cannot change (${why}).`,
    green: (form) =>
      `${form ? "Outlined in green" : "Green"}: the cells the operation changed; this marking is the picture's, the add-in does not color them.`,
  },
  fr: {
    outlined: (setting, many) =>
      setting
        ? many
          ? "Encadrées : les cellules sur lesquelles agit ce paramètre."
          : "Encadrée : la cellule sur laquelle agit ce paramètre."
        : many
          ? "Encadrées : les cellules sélectionnées."
          : "Encadrée : la cellule sélectionnée.",
    yellow: "En jaune : les cellules saisies, pas encore soumises.",
    readOnly: (many, why) =>
      `En gris-bleu : ${many ? "les cellules" : "la cellule"} que vous ne pouvez pas modifier (${why}).`,
    green: (form) =>
      `${form ? "Encadrées en vert" : "En vert"} : les cellules que l'opération a changées ; ce repère est propre à l'image, le complément ne les colore pas.`,
  },
};

/** The ad hoc grids' read-only cells a picture draws (gray-blue), before and after; a form's are told by its
 *  caption's own words. */
function readOnlyCells(pair: PicturePair): number {
  if (pair.after.pov) return 0;
  const sheets = [pair.before, ...(pair.copies?.map((c) => c.sheet) ?? [pair.after])];
  return sheets.reduce((n, sheet) => n + sheet.kinds.flat().filter((k) => k === "read-only").length, 0);
}

/** The colours' key for a picture with marks: the outline (the selection, or the cells a setting acts on), the
 *  yellow of typed data cells (Color coding's "modified"), the gray-blue of read-only cells (Color coding's, with
 *  the reason the spec gives), the green of what the operation changed (the picture's own). Empty when nothing
 *  is marked. */
function colourKey(spec: PictureSpec, pair: PicturePair, locale: Locale): string {
  const marks = spec.beforeMarks ?? spec.cells;
  const yellow = marks.filter((c) => isTypedData(spec, pair.before, c.row, c.column));
  const outlined = marks.length > yellow.length;
  const green = (pair.copies?.map((c) => c.sheet) ?? [pair.after]).some(
    (sheet) => changedCells(spec, pair.before, sheet).size > 0,
  );
  const grayBlue = readOnlyCells(pair);
  if (grayBlue > 0 && !spec.readOnly)
    throw new Error(`${spec.id}: read-only cells drawn, no readOnly reason`);
  if (grayBlue === 0 && spec.readOnly)
    throw new Error(`${spec.id}: a readOnly reason, no read-only cell drawn`);
  const key = KEY[locale];
  const parts: string[] = [];
  if (outlined) parts.push(key.outlined(Boolean(spec.beforeMarks), marks.length > 1));
  if (yellow.length) parts.push(key.yellow);
  if (spec.readOnly && grayBlue > 0) parts.push(key.readOnly(grayBlue > 1, spec.readOnly[locale]));
  if (green) parts.push(key.green(Boolean(pair.after.pov)));
  return fr(locale, parts.join(" "));
}

export function caption(spec: PictureSpec, pair: PicturePair, locale: Locale): string {
  const key = colourKey(spec, pair, locale);
  const text = captionText(spec, pair.before, locale);
  return key ? `${text} ${key}` : text;
}

function captionText(spec: PictureSpec, before: Sheet, locale: Locale): string {
  const vision = onVision(spec);
  const sheets = spec.action === "cascade";
  if (spec.change) {
    return locale === "fr"
      ? frenchTypography(
          `${spec.change.fr}. ${sheets ? "Les feuilles avant et après, calculées" : "La grille avant et après, calculée"} par le moteur QiBates sur ${vision ? "l'application de démonstration Vision" : "Sample.Basic"} à la construction du site.`,
        )
      : `${spec.change.en}. The ${sheets ? "sheets" : "grid"} before and after, computed by the QiBates engine on ${vision ? "the Vision demo application" : "Sample.Basic"} when the site was built.`;
  }
  const sel = selection(spec, before);
  return locale === "fr"
    ? frenchTypography(
        `${spec.operation.fr} sur la cellule ${sel} : la grille avant et après, calculée par le moteur QiBates sur Sample.Basic à la construction du site.`,
      )
    : `${spec.operation.en} on cell ${sel}: the grid before and after, computed by the QiBates engine on Sample.Basic when the site was built.`;
}

export function altText(spec: PictureSpec, pair: PicturePair, locale: Locale): string {
  if (spec.before) {
    // The prose gets the French typography; the grids' cells (and a rule's message) are written as drawn.
    const shown = (sheet: Sheet): string => {
      const d = describeSheet(sheet, locale);
      return d ? `${colon(locale)}${d}` : "";
    };
    const after = pair.copies
      ? `${colon(locale)}${pair.copies
          .map((c) => `${fr(locale, WORDS[locale].sheet(c.name))}${shown(c.sheet)}`)
          .join(locale === "fr" ? `${NNBSP}; ` : "; ")}`
      : shown(pair.after);
    const note = pair.notes ? ` ${WORDS[locale].note}${colon(locale)}${pair.notes[locale]}` : "";
    return locale === "fr"
      ? `${frenchTypography(`Avant, ${spec.before.fr}`)}${shown(pair.before)}. ${frenchTypography(`Après ${spec.operation.fr}`)}${after}.${note}`
      : `Before, ${spec.before.en}${shown(pair.before)}. After ${spec.operation.en}${after}.${note}`;
  }
  const sel = selection(spec, pair.before);
  return locale === "fr"
    ? frenchTypography(
        `Avant, cellule ${sel} sélectionnée : ${describeSheet(pair.before, "fr")}. Après ${spec.operation.fr} : ${describeSheet(pair.after, "fr")}.`,
      )
    : `Before, cell ${sel} selected: ${describeSheet(pair.before, "en")}. After ${spec.operation.en}: ${describeSheet(pair.after, "en")}.`;
}

// Layout of one sheet: a header row of column letters, a column of row numbers, cells sized to their text.
const ROW_H = 24;
const HEAD_H = 20;
const NUM_W = 28;
const CHAR_W = 7.4;
const TITLE_CHAR_W = 8;
const GAP = 56;
const TITLE_H = 26;
/** The POV bar line of a form's sheet, and the notification line under the "after" grid. */
const LINE_H = 22;
/** Between the sheets a Cascade writes. */
const COPY_GAP = 14;

const FILL: Partial<Record<PictureKind, string>> = {
  pov: "#eef1f5",
  // Color coding's "light gray header fill".
  "column-header": "#eef0f3",
  "row-header": "#eef0f3",
  data: "#ffffff",
  missing: "#ffffff",
  "no-access": "#f4f4f4",
  "read-only": "#d5dbe4",
};

/** Color coding's "modified" yellow: only a data cell typed in the "before" grid (Submit's). A selected cell,
 *  or a member cell typed over (Refresh's A3), is outlined only, as the sheet shows a selection. */
const MARK_TYPED = "#ffe8a3";

/** A data cell the picture's sheet has typed in (the add-in paints it yellow until it is submitted). */
function isTypedData(spec: PictureSpec, before: Sheet, row: number, column: number): boolean {
  const kind = before.kinds[row]?.[column];
  return (
    !before.pov &&
    (kind === "data" || kind === "missing") &&
    (spec.typed ?? []).some((t) => t.row === row && t.column === column)
  );
}
/** The "after" grid's cells the operation changed: green, which Color coding never uses. */
const MARK_CHANGED = "#d7f0dc";
const MARK_CHANGED_STROKE = "#2e7d32";

function widths(sheet: Sheet): number[] {
  const columns = sheet.grid.reduce((n, r) => Math.max(n, r.length), 0);
  return Array.from({ length: columns }, (_, c) =>
    Math.max(48, Math.ceil(16 + CHAR_W * Math.max(0, ...sheet.grid.map((r) => String(r[c] ?? "").length)))),
  );
}

/** The POV bar's line as drawn: "POV bar: BaseData · FY15 · …". */
function povLine(sheet: Sheet, locale: Locale): string {
  return sheet.pov ? `${WORDS[locale].pov}${colon(locale)}${sheet.pov.join(" · ")}` : "";
}

function sheetSvg(
  which: "before" | "after" | "copy",
  sheet: Sheet,
  x0: number,
  y0: number,
  title: string,
  marked: Set<string>,
  locale: Locale,
  typed: Set<string> = new Set(),
): string {
  const w = widths(sheet);
  const out: string[] = [`<g data-sheet="${which}">`];
  out.push(`<text x="${x0}" y="${y0 + 16}" class="t">${xml(title)}</text>`);
  let top = y0 + TITLE_H;
  if (sheet.pov) {
    out.push(
      `<text x="${x0}" y="${top + 14}" class="p" data-pov="${xml(sheet.pov.join("|"))}">${xml(povLine(sheet, locale))}</text>`,
    );
    top += LINE_H;
  }
  let x = x0 + NUM_W;
  w.forEach((cw, c) => {
    out.push(`<rect x="${x}" y="${top}" width="${cw}" height="${HEAD_H}" class="h"/>`);
    out.push(
      `<text x="${x + cw / 2}" y="${top + 14}" class="hc">${cellName({ row: 0, column: c }).replace(/\d+$/, "")}</text>`,
    );
    x += cw;
  });
  sheet.grid.forEach((cells, r) => {
    const y = top + HEAD_H + r * ROW_H;
    out.push(`<rect x="${x0}" y="${y}" width="${NUM_W}" height="${ROW_H}" class="h"/>`);
    out.push(`<text x="${x0 + NUM_W / 2}" y="${y + 16}" class="hc">${r + 1}</text>`);
    let cx = x0 + NUM_W;
    w.forEach((cw, c) => {
      const kind = sheet.kinds[r]?.[c] ?? "blank";
      const text = String(cells[c] ?? "");
      const mark = marked.has(`${r}:${c}`);
      // Yellow is Color coding's "modified, not yet submitted": only the "before" grid's typed data cells
      // (Submit's). A selected cell is outlined, its fill its own. What an operation changed is green in the
      // "after" grid, a color the add-in does not use, so that a refreshed or saved cell never looks modified.
      // On a form, whose colors are Color coding's, a mark is the outline only.
      const changed = which !== "before";
      const fill =
        mark && changed && !sheet.pov
          ? MARK_CHANGED
          : mark && typed.has(`${r}:${c}`)
            ? MARK_TYPED
            : (FILL[kind] ?? "#ffffff");
      out.push(
        `<rect x="${cx}" y="${y}" width="${cw}" height="${ROW_H}" fill="${fill}" class="c${mark ? " m" : ""}"${mark && changed ? ` style="stroke:${MARK_CHANGED_STROKE}"` : ""}/>`,
      );
      if (text) {
        const numeric = kind === "data" || kind === "missing" || kind === "read-only";
        const tx = numeric ? cx + cw - 6 : cx + 6;
        out.push(
          `<text x="${tx}" y="${y + 16}" class="${numeric ? "d" : kind === "pov" ? "p" : "v"}" data-cell="${cellName({ row: r, column: c })}">${xml(text)}</text>`,
        );
      }
      cx += cw;
    });
  });
  out.push("</g>");
  return out.join("");
}

function sheetSize(sheet: Sheet, title: string, locale: Locale): { width: number; height: number } {
  // As wide as its title too (13px bold), and as its POV bar, so that neither is cut off.
  return {
    width: Math.max(
      NUM_W + widths(sheet).reduce((a, b) => a + b, 0),
      Math.ceil(TITLE_CHAR_W * title.length),
      Math.ceil(CHAR_W * povLine(sheet, locale).length),
    ),
    height: TITLE_H + (sheet.pov ? LINE_H : 0) + HEAD_H + sheet.grid.length * ROW_H,
  };
}

/** The cells marked in an "after" grid: member cells the "before" grid did not have (new-members), data cells
 *  whose value changed in the same place (changed-data), POV cells whose member changed (changed-pov), member
 *  cells whose text changed in the same place, spaces included (changed-members), or none. */
function changedCells(spec: PictureSpec, before: Sheet, after: Sheet): Set<string> {
  const mark = spec.mark ?? "new-members";
  const known = new Set(before.grid.flat().map((t) => String(t).trim()));
  const added = new Set<string>();
  for (const [r, cells] of after.grid.entries()) {
    for (const [c, t] of cells.entries()) {
      const kind = after.kinds[r]?.[c];
      const member = kind === "row-header" || kind === "column-header";
      const data = kind === "data" || kind === "missing" || kind === "read-only";
      const moved = String(t) !== String(before.grid[r]?.[c] ?? "");
      if (mark === "new-members" && t && member && !known.has(String(t).trim())) added.add(`${r}:${c}`);
      if (mark === "changed-data" && data && moved) added.add(`${r}:${c}`);
      if (mark === "changed-pov" && kind === "pov" && moved) added.add(`${r}:${c}`);
      if (mark === "changed-members" && member && moved) added.add(`${r}:${c}`);
    }
  }
  return added;
}

/** The picture: before on the left, an arrow, after on the right (for a Cascade, every sheet it wrote, one under
 *  the other, each titled with its tab's name; for a rule, its notification under the grid); title and
 *  description for screen readers. */
export function pictureSvg(
  spec: PictureSpec,
  pair: PicturePair,
  locale: Locale,
): { svg: string; width: number; height: number } {
  const words = {
    before: WORDS[locale].before,
    after: fr(locale, WORDS[locale].after(spec.operation[locale])),
  };
  const note = pair.notes ? `${WORDS[locale].note}${colon(locale)}${pair.notes[locale]}` : "";
  const a = sheetSize(pair.before, words.before, locale);
  const afters = (pair.copies ?? [{ name: "", sheet: pair.after }]).map((copy) => {
    const title = pair.copies ? fr(locale, WORDS[locale].sheet(copy.name)) : words.after;
    return { ...copy, title, size: sheetSize(copy.sheet, title, locale) };
  });
  // A Cascade's sheets stand under the operation's own title.
  const head = pair.copies ? TITLE_H : 0;
  const b = {
    width: Math.max(
      ...afters.map((x) => x.size.width),
      pair.copies ? Math.ceil(TITLE_CHAR_W * words.after.length) : 0,
    ),
    height: head + afters.reduce((h, x) => h + x.size.height, 0) + COPY_GAP * (afters.length - 1),
  };
  const pad = 8;
  // A rule's notification runs under both grids, across the picture.
  const width = Math.ceil(Math.max(pad + a.width + GAP + b.width + pad, pad + CHAR_W * note.length + pad));
  const grids = Math.max(a.height, b.height);
  const height = Math.ceil(pad + grids + (note ? 8 + LINE_H : 0) + pad);
  const selected = new Set((spec.beforeMarks ?? spec.cells).map((c) => `${c.row}:${c.column}`));
  const typed = new Set(
    (spec.typed ?? [])
      .filter((t) => isTypedData(spec, pair.before, t.row, t.column))
      .map((t) => `${t.row}:${t.column}`),
  );
  const arrowX = pad + a.width + 10;
  const arrowY = pad + TITLE_H + (pair.before.pov ? LINE_H : 0) + HEAD_H + 20;
  const bx = pad + a.width + GAP;
  const parts: string[] = [];
  if (pair.copies) parts.push(`<text x="${bx}" y="${pad + 16}" class="t">${xml(words.after)}</text>`);
  let y = pad + head;
  for (const x of afters) {
    const marks = changedCells(spec, pair.before, x.sheet);
    parts.push(sheetSvg(pair.copies ? "copy" : "after", x.sheet, bx, y, x.title, marks, locale));
    y += x.size.height + COPY_GAP;
  }
  if (note)
    parts.push(`<text x="${pad}" y="${pad + grids + 8 + 16}" class="n" data-note="">${xml(note)}</text>`);
  const svg = [
    svgOpen(width, height, locale, caption(spec, pair, locale), altText(spec, pair, locale)),
    `<style>text{white-space:pre;font-family:${FONT};font-size:12px;fill:${INK}}`,
    `.t{font-weight:600;font-size:13px}.hc{text-anchor:middle;fill:${INK_MUTED};font-size:11px}.d{text-anchor:end}`,
    `.p{fill:#4a4f57}.n{font-style:italic}.h{fill:${HEADER_FILL};stroke:${BORDER}}.c{stroke:${BORDER}}.m{stroke:#c77c00;stroke-width:2}</style>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    sheetSvg("before", pair.before, pad, pad, words.before, selected, locale, typed),
    `<path d="M${arrowX} ${arrowY}h${GAP - 26}m-8 -6l8 6l-8 6" fill="none" stroke="#606770" stroke-width="2"/>`,
    ...parts,
    "</svg>",
  ].join("");
  return { svg, width, height };
}

export interface PictureEntry extends DrawnEntry {
  page: PictureSpec["page"];
}

/** Writes every picture (both languages) and pictures.json into `dir`; returns the manifest. */
export function writePictures(dir: string): Record<string, PictureEntry> {
  // One cube for the pictures that only read; a fresh one for each picture that writes (Submit), so no picture
  // sees another's changes. Either way the cube is this process's own: nothing served is changed.
  const shared = createSampleBasicCube();
  function* pictures() {
    for (const spec of PICTURES) {
      const pair = computePicture(spec, writesData(spec) ? createSampleBasicCube() : shared);
      yield {
        id: spec.id,
        fields: { page: spec.page },
        draw: (locale: Locale) => ({
          ...pictureSvg(spec, pair, locale),
          alt: altText(spec, pair, locale),
          caption: caption(spec, pair, locale),
        }),
      };
    }
  }
  return writeDrawn(dir, "/img/grids", "pictures.json", pictures());
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const dir = resolve(process.argv[2] ?? fileURLToPath(new URL("../static/img/grids", import.meta.url)));
  const manifest = writePictures(dir);
  process.stdout.write(`[site] ${Object.keys(manifest).length} grid pictures in ${dir}\n`);
}
