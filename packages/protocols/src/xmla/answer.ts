import { inSlices, readXml, readXmlSync, XML_SLICE_MS, type XmlBuilder } from "../xml/index.ts";
import type { XmlaError } from "./faults.ts";

/**
 * Reading an XMLA answer, the client's side: the envelope's `Session` header, then one of three shapes — a
 * rowset (`row`s), a multidimensional data set (`OlapInfo`, `Axes`, `CellData` whose `Cell`s are keyed by
 * `CellOrdinal`, empty cells left out) or errors (a SOAP `Fault` with `detail/Error@ErrorCode,Description`,
 * `Messages/Error` in a successful answer, an `Error` inside a cell's `Value`). Elements are read by local
 * name: servers declare their namespaces differently (prefixed or not, engine namespaces on the response
 * element).
 */

export type SoapNode = Record<string, unknown>;
type Node = SoapNode;

const ARRAYS = new Set(["row", "Axis", "Tuple", "Member", "Cell", "Error", "HierarchyInfo"]);

/** An element being read: its local name, attributes, the children's values by name, its text. */
interface Building {
  name: string;
  attrs: Record<string, string>;
  kids: Node | null;
  text: string;
  value: unknown;
}

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

/**
 * Builds the object shape the readers below walk (fast-xml-parser's, which this module used before: names
 * without prefixes, attributes as `@name`, namespace declarations left out, text trimmed, `#text` beside
 * attributes or children, an element that repeats as a list and those of `ARRAYS` always), in one pass of the
 * bounded reader. Objects have no prototype: an element named `__proto__` is an element like any other.
 */
const soapBuilder: XmlBuilder<Building> = {
  open: (name, attrs) => ({ name: localName(name), attrs, kids: null, text: "", value: "" }),
  text: (node, text) => {
    node.text += text;
  },
  close: (node, parent) => {
    const text = node.text.trim();
    let obj = node.kids;
    for (const k in node.attrs) {
      if (k === "xmlns" || k.startsWith("xmlns:")) continue;
      obj ??= Object.create(null) as Node;
      obj[`@${localName(k)}`] = node.attrs[k];
    }
    if (obj && text !== "") obj["#text"] = text;
    node.value = obj ?? text;
    if (!parent) return;
    parent.kids ??= Object.create(null) as Node;
    const kids = parent.kids;
    const was = kids[node.name];
    if (was === undefined) kids[node.name] = ARRAYS.has(node.name) ? [node.value] : node.value;
    else if (Array.isArray(was)) was.push(node.value);
    else kids[node.name] = [was, node.value];
  },
};

/** The document as one object, `{ RootName: value }`; `null` when it is not XML. */
function documentOf(root: Building | null): Node | null {
  if (!root) return null;
  const doc = Object.create(null) as Node;
  doc[root.name] = root.value;
  return doc;
}

export interface SoapAnswer {
  /** The `SessionId` of a `Session` reply header, if the server sent one. */
  sessionId: string | null;
  fault: XmlaError | null;
  /** The method's `return/root` element (rowset or data set), `null` with a fault. */
  root: Node | null;
}

function isNode(v: unknown): v is Node {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

function text(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (isNode(v)) return text(v["#text"]);
  return String(v);
}

/** The first `Error` of an errors element (`detail`, `Messages`), as a fault. */
function errorOf(holder: unknown, fallbackCode: string, fallbackMessage: string): XmlaError | null {
  if (!isNode(holder)) return null;
  const errors = holder.Error;
  const first = Array.isArray(errors) ? errors[0] : errors;
  if (!isNode(first)) return null;
  const description = text(first["@Description"] ?? first.Description);
  const code = text(first["@ErrorCode"] ?? first.ErrorCode);
  return { code: fallbackCode || code, message: description || fallbackMessage || `error ${code}` };
}

/**
 * Reads a SOAP answer; `null` when the text is not a SOAP envelope. Throws `XmlRefused` past the reader's
 * limits. For small documents: an upstream answer goes through {@link readSoap}.
 */
export function parseSoap(xml: string): SoapAnswer | null {
  return soapOf(documentOf(readXmlSync(xml, soapBuilder)));
}

/** {@link parseSoap} without holding the event loop: the bounded reader in slices. */
export async function readSoap(xml: string): Promise<SoapAnswer | null> {
  return soapOf(documentOf(await readXml(xml, soapBuilder)));
}

function soapOf(doc: Node | null): SoapAnswer | null {
  if (!doc) return null;
  const envelope = doc.Envelope;
  if (!isNode(envelope)) return null;
  const header = isNode(envelope.Header) ? envelope.Header : {};
  const session = header.Session;
  const sessionId = isNode(session) ? text(session["@SessionId"]) || null : null;
  // Microsoft's sample puts the fault straight in the envelope; SOAP 1.1 puts it in the body: both are read.
  const body = isNode(envelope.Body) ? envelope.Body : isNode(envelope.Fault) ? envelope : null;
  if (!body) return null;
  if (isNode(body.Fault)) {
    const f = body.Fault;
    const faultcode = text(f.faultcode);
    const faultstring = text(f.faultstring);
    const fault = errorOf(f.detail, faultcode, faultstring) ?? { code: faultcode, message: faultstring };
    return { sessionId, fault, root: null };
  }
  const response = Object.entries(body).find(([k]) => k.endsWith("Response"))?.[1];
  if (!isNode(response)) return null;
  const ret = response.return;
  const root = isNode(ret) && isNode(ret.root) ? ret.root : isNode(ret) ? ret : {};
  // A successful answer may still carry errors (`Messages/Error`, or an `Exception` then `Messages`).
  const messages = errorOf(root.Messages, "", "");
  if (messages) return { sessionId, fault: messages, root: null };
  return { sessionId, fault: null, root };
}

/**
 * The rows of a rowset as steps, pausing every 256 rows: a hostile 7 MB rowset of rows of 40 attributes took
 * 170–500 ms in one piece. The keys are walked with `for…in`, without `Object.entries`' pair per
 * attribute: a row's attributes are skipped, and the objects have no prototype.
 */
function* rowSteps(root: Node): Generator<void, Record<string, string>[]> {
  const rows = root.row;
  if (!Array.isArray(rows)) return [];
  const out: Record<string, string>[] = [];
  for (let i = 0; i < rows.length; i++) {
    if ((i & 255) === 255) yield;
    const r = rows[i];
    if (!isNode(r)) continue;
    const row: Record<string, string> = {};
    for (const k in r) if (k.charCodeAt(0) !== 64 /* @ */) row[k] = text(r[k]);
    out.push(row);
  }
  return out;
}

/** The rows of a rowset, each column's text by its element name. */
export function rowsOf(root: Node): Record<string, string>[] {
  const steps = rowSteps(root);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** {@link rowsOf} in slices, the event loop given back between them: what a connector reads from a server. */
export function readRows(root: Node): Promise<Record<string, string>[]> {
  return inSlices(rowSteps(root), XML_SLICE_MS);
}

export interface DataSetMember {
  hierarchy: string;
  uniqueName: string;
  caption: string;
  /**
   * The member properties the query asked for (`DIMENSION PROPERTIES`), by element name, when it carries any
   * beyond the five every member has (`UName`, `Caption`, `LName`, `LNum`, `DisplayInfo`).
   */
  properties?: Record<string, string>;
}

/** The elements every axis member carries ([MS-SSAS] MDDataSet `Member`), not counted as asked properties. */
const MEMBER_FIVE = new Set(["UName", "Caption", "LName", "LNum", "DisplayInfo"]);

function axisMember(m: Node): DataSetMember {
  const out: DataSetMember = {
    hierarchy: text(m["@Hierarchy"]),
    uniqueName: text(m.UName),
    caption: text(m.Caption),
  };
  let properties: Record<string, string> | undefined;
  for (const k in m) {
    if (k.startsWith("@") || k.startsWith("#") || MEMBER_FIVE.has(k)) continue;
    properties ??= {};
    properties[k] = text(m[k]);
  }
  if (properties) out.properties = properties;
  return out;
}

export interface DataSetCell {
  /** A number, a text value, or `null` (an empty `Value`). */
  value: number | string | null;
  /** The cell's own error (`Value/Error/Description`), e.g. a security error. */
  error: string | null;
}

export interface DataSet {
  /** `Axis0`, `Axis1`, … in order (the slicer axis left out): each a list of tuples of members. */
  axes: DataSetMember[][][];
  /**
   * Per axis (same order as `axes`), the hierarchies `OlapInfo/AxesInfo` declares for it: what an axis left
   * without a tuple (a `NON EMPTY` axis whose cells are all empty) still holds. Empty when not declared.
   */
  axisHierarchies: string[][];
  /** The members of the slicer axis (`SlicerAxis`), empty when the answer has none. */
  slicer: DataSetMember[];
  /** Cells by `CellOrdinal` (Axis0 varies fastest); cells the server left out are empty. */
  cells: Map<number, DataSetCell>;
}

/** A multidimensional data set (`Format=Multidimensional`, `AxisFormat=TupleFormat`); `null` when it is not one. */
export function dataSetOf(root: Node): DataSet | null {
  const axesNode = root.Axes;
  const axes: DataSetMember[][][] = [];
  let slicer: DataSetMember[] = [];
  if (axesNode !== undefined && axesNode !== "") {
    if (!isNode(axesNode)) return null;
    const list = (Array.isArray(axesNode.Axis) ? axesNode.Axis : []).filter(isNode);
    const tuplesOf = (axis: Node) => {
      const tuplesNode = axis.Tuples;
      const tuples = isNode(tuplesNode) && Array.isArray(tuplesNode.Tuple) ? tuplesNode.Tuple : [];
      return tuples
        .filter(isNode)
        .map((t) => (Array.isArray(t.Member) ? t.Member : []).filter(isNode).map(axisMember));
    };
    const named = list.filter((a) => /^Axis\d+$/.test(text(a["@name"])));
    named.sort((a, b) => Number(text(a["@name"]).slice(4)) - Number(text(b["@name"]).slice(4)));
    for (const axis of named) axes.push(tuplesOf(axis));
    const slicerAxis = list.find((a) => text(a["@name"]) === "SlicerAxis");
    slicer = slicerAxis ? (tuplesOf(slicerAxis)[0] ?? []) : [];
  }
  const declared = new Map<string, string[]>();
  const olapInfo = root.OlapInfo;
  const axesInfo = isNode(olapInfo) ? olapInfo.AxesInfo : undefined;
  if (isNode(axesInfo)) {
    const infos = Array.isArray(axesInfo.AxisInfo) ? axesInfo.AxisInfo : [axesInfo.AxisInfo];
    for (const info of infos.filter(isNode)) {
      const hierarchies = Array.isArray(info.HierarchyInfo) ? info.HierarchyInfo : [info.HierarchyInfo];
      declared.set(
        text(info["@name"]),
        hierarchies.filter(isNode).map((h) => text(h["@name"])),
      );
    }
  }
  const axisHierarchies = axes.map((_, i) => declared.get(`Axis${i}`) ?? []);
  const cells = new Map<number, DataSetCell>();
  const cellData = root.CellData;
  if (cellData !== undefined && cellData !== "" && !isNode(cellData)) return null;
  for (const cell of isNode(cellData) && Array.isArray(cellData.Cell) ? cellData.Cell : []) {
    if (!isNode(cell)) continue;
    const ordinal = Number(text(cell["@CellOrdinal"]));
    if (!Number.isInteger(ordinal) || ordinal < 0) return null;
    const v = cell.Value;
    if (isNode(v) && v.Error !== undefined) {
      const e = Array.isArray(v.Error) ? v.Error[0] : v.Error;
      cells.set(ordinal, { value: null, error: text(isNode(e) ? e.Description : e) || "error" });
      continue;
    }
    const raw = text(v);
    const type = isNode(v) ? text(v["@type"]) : "";
    const numeric = type === "" || /(double|float|decimal|int|long|short|byte)$/i.test(type);
    const n = Number(raw);
    cells.set(ordinal, {
      value: raw === "" ? null : numeric && Number.isFinite(n) ? n : raw,
      error: null,
    });
  }
  return { axes, axisHierarchies, slicer, cells };
}
