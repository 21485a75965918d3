import { describe, expect, it } from "vitest";
import {
  checkXmlSize,
  parseXml,
  parseXmlSteps,
  readXmlSync,
  treeBuilder,
  UPSTREAM_XML_LIMITS,
  XML_LIMITS,
  type XmlElement,
  type XmlLimits,
  XmlRefused,
  XmlSyntaxError,
  XmlTooLarge,
} from "../src/xml/index.ts";

/**
 * A 437 KB XMLA body whose comment opened as `<!-->` made the request pre-check (then a scanner of its
 * own) count the comment closed where the reader read it open, so end tags inside it brought the counted depth
 * below zero and 16,000 nested elements, each declaring a namespace, passed the 128 cap; the reader then copied
 * the namespace map at each level (quadratic memory) and the process died. Now the one scanner both counts and
 * reads, its depth is its own stack of open elements, and namespace scopes are shared. Each trick below is read
 * the same by the count and the reader: refused with the typed error, or read with its true depth.
 */

type Outcome = "ok" | "too-large" | "syntax";

function outcome(run: () => unknown): { kind: Outcome; message: string } {
  try {
    run();
    return { kind: "ok", message: "" };
  } catch (e) {
    if (e instanceof XmlTooLarge) return { kind: "too-large", message: e.message };
    if (e instanceof XmlSyntaxError) return { kind: "syntax", message: e.message };
    throw e;
  }
}

/** What the reader does with `text`; the count (`checkXmlSize`) must refuse it exactly when the reader refuses it as too large. */
function read(text: string, limits: XmlLimits = XML_LIMITS): { kind: Outcome; message: string } {
  const reader = outcome(() => parseXml(text, limits));
  const count = outcome(() => checkXmlSize(text, limits));
  expect(count.kind === "too-large", text.slice(0, 80)).toBe(reader.kind === "too-large");
  if (reader.kind === "too-large") expect(count.message).toBe(reader.message);
  return reader;
}

const depthOf = (e: XmlElement): number => {
  let depth = 0;
  for (let level: XmlElement[] = [e]; level.length > 0; level = level.flatMap((c) => c.children)) depth++;
  return depth;
};

const nested = (depth: number, declare = false) =>
  Array.from({ length: depth }, (_, i) => (declare ? `<a xmlns:p${i}="urn:${i}">` : "<a>")).join("") +
  "</a>".repeat(depth);

/** End tags the old pre-check counted (bringing its depth below zero) where the reader sees comment text. */
const closers = "</x>".repeat(16_000);

describe("the request reader against the pre-check tricks", () => {
  it("refuses the reproduction: `<!-->` hiding end tags, then 16,000 nested elements each declaring a namespace", () => {
    const body = `<r><!--> ${closers} -->${nested(16_000, true)}</r>`;
    expect(body.length).toBeGreaterThan(400_000);
    expect(read(body)).toEqual({
      kind: "too-large",
      message: "The document nests elements more than 128 deep.",
    });
  });

  it("reads `<!-->` and `<!--->` as comments opening, never closing", () => {
    for (const open of ["<!-->", "<!--->"]) {
      expect(read(`<r>${open}${closers.slice(0, 400)} --><s/></r>`).kind, open).toBe("ok");
      expect(parseXml(`<r>${open} <t/> --><s/></r>`).children.map((c) => c.name)).toEqual(["s"]);
      expect(read(`<r>${open}${closers.slice(0, 400)} -->${nested(129)}</r>`).kind, open).toBe("too-large");
      // Unclosed: the rest is the comment, refused as malformed.
      expect(read(`<r>${open}${nested(200)}</r>`).kind, open).toBe("syntax");
    }
  });

  it("refuses `--` inside a comment, and a comment whose end is `--->`", () => {
    expect(read("<r><!-- a -- b --></r>").kind).toBe("syntax");
    expect(read("<r><!-- a ---></r>").kind).toBe("syntax");
    expect(read(`<r><!-- -- -->${closers.slice(0, 400)}${nested(200)}</r>`).kind).not.toBe("ok");
    expect(read("<r><!-- a - b --></r>").kind).toBe("ok");
  });

  it("counts no markup inside CDATA sections, processing instructions or attribute values", () => {
    const hidden = [
      `<![CDATA[${closers.slice(0, 400)} <a><a> ]]]]>`,
      `<?pi ${closers.slice(0, 400)} > <a> ?>`,
      `<?xml-stylesheet href="</x></x>"?>`,
      `<s v="${"&gt;".repeat(10)}>" w='/>/>'/>`,
    ];
    for (const h of hidden) {
      const ok = read(`<r>${h}${nested(127)}</r>`);
      expect(ok.kind, h).toBe("ok");
      expect(depthOf(parseXml(`<r>${h}${nested(127)}</r>`)), h).toBe(128);
      expect(read(`<r>${h}${nested(128)}</r>`), h).toEqual({
        kind: "too-large",
        message: "The document nests elements more than 128 deep.",
      });
    }
    expect(parseXml(`<r><![CDATA[<a>]]></r>`).text).toBe("<a>");
    expect(parseXml(`<r><![CDATA[<a>]]]]><![CDATA[>]]></r>`).text).toBe("<a>]]>");
  });

  it("refuses every unterminated or malformed construct with the syntax error, never a miscount", () => {
    for (const bad of [
      "<r><!--",
      "<r><!-- x ->",
      "<r><![CDATA[ x ]]",
      "<r><![CDATA[ x ]>",
      "<r><?pi x",
      "<r><?pi x ?",
      '<r><a b="',
      '<r><a b="x"',
      "<r><a",
      "<r></",
      "<r></r",
      "<r><!x>",
      "<r><!>",
      "<r><![CDATA x]]></r>",
      "<r><!DOCTYPE r></r>",
      "<r><!doctype r></r>",
      "<r></x></r>",
      "<r><a></x></a></r>",
      `<r>${"</r>".repeat(200)}${nested(200)}`,
      `<r ${"<".repeat(10)}>`,
      "<r a='1' b=\"2'/>",
      "<r>]]></r>x",
      "<r><s w='</x></x>'/></r>",
    ]) {
      const got = read(bad);
      expect(got.kind, bad).toBe("syntax");
    }
  });

  it("refuses characters XML excludes, a misplaced or malformed XML declaration and a nameless processing instruction", () => {
    for (const bad of [
      "<r>\u0000</r>",
      "<r a='\u0001'/>",
      "<r>\uFFFE</r>",
      "<r\uFFFF/>",
      "<r>\uD800</r>",
      "<r>\uDC00x</r>",
      ' <?xml version="1.0"?><r/>',
      '<r/><?xml version="1.0"?>',
      '<?xml version="1.0"?><?xml version="1.0"?><r/>',
      "<?xml?><r/>",
      "<?xml version=1.0?><r/>",
      '<?xml version="1.0" encoding=""?><r/>',
      '<?xml version="1.0" standalone="maybe"?><r/>',
      "<r><? x?></r>",
      "<r><?a<b?></r>",
    ])
      expect(read(bad).kind, JSON.stringify(bad)).toBe("syntax");
    for (const good of [
      '<?xml version="1.0"?><r/>',
      "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<r/>",
      "<r>\u{1F600}\uD7FF\uE000\uFFFD\t\r\n</r>",
      `<r>${"x".repeat(16 * 1024 - 4)}\u{1F600}</r>`,
      '<r><?xml-stylesheet href="a"?><?pi?><?pi "\' < > ?></r>',
    ])
      expect(read(good).kind, JSON.stringify(good)).toBe("ok");
  });

  it("decodes references wherever the long-text chunks are cut, with or without references before them", () => {
    const chunk = 16 * 1024;
    for (const at of [chunk - 6, chunk - 5, chunk - 3, chunk - 1, chunk, chunk + 1, 2 * chunk - 2]) {
      for (const ref of ["&amp;", "&#x1F600;", "&#00065;", "&lt;"]) {
        const text = `${"x".repeat(at)}${ref}${"y".repeat(chunk)}`;
        const decoded = `${"x".repeat(at)}${{ "&amp;": "&", "&#x1F600;": "\u{1F600}", "&#00065;": "A", "&lt;": "<" }[ref]}${"y".repeat(chunk)}`;
        expect(parseXml(`<r>${text}</r>`).text, `${ref} at ${at}`).toBe(decoded);
        expect(parseXml(`<r>&amp;${text}</r>`).text, `${ref} at ${at} after another`).toBe(`&${decoded}`);
      }
    }
  });

  it("counts depth by the elements open, whatever end tags the text holds", () => {
    // Extra end tags are refused where they stand; they never lower the count.
    expect(read(`<r>${nested(50)}${"</a>".repeat(5)}${nested(100)}</r>`).kind).toBe("syntax");
    // Empty elements open nothing.
    expect(read(`<r>${"<a/>".repeat(1_000)}${nested(127)}</r>`).kind).toBe("ok");
  });

  it("pauses while it counts: the count and the reader are one sliced scanner", () => {
    const steps = parseXmlSteps(`<r><!--> ${closers} -->${nested(100)}</r>`);
    let pauses = 0;
    for (let s = steps.next(); !s.done; s = steps.next()) pauses++;
    expect(pauses).toBeGreaterThan(1);
  });
});

describe("namespace declarations", () => {
  it("resolves scopes as XML says: inner declarations shadow, an element's end restores the outer binding", () => {
    const root = parseXml(
      `<p:r xmlns:p="urn:1" xmlns="urn:d"><p:a xmlns:p="urn:2"><p:b/><c xmlns=""/></p:a><p:d/><e/><q:f xmlns:q="urn:q"/><q:g/></p:r>`,
    );
    const ns = (e: XmlElement): unknown => [e.name, e.ns, e.children.map(ns)];
    expect(ns(root)).toEqual([
      "r",
      "urn:1",
      [
        [
          "a",
          "urn:2",
          [
            ["b", "urn:2", []],
            ["c", "", []],
          ],
        ],
        ["d", "urn:1", []],
        ["e", "urn:d", []],
        ["f", "urn:q", []],
        ["g", "", []],
      ],
    ]);
  });

  it("refuses more than 64 declarations on one element and 1,024 in a document, with the typed error", () => {
    const decls = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `xmlns:p${from + i}="urn:${from + i}"`).join(" ");
    expect(read(`<r ${decls(64)}/>`).kind).toBe("ok");
    expect(read(`<r ${decls(65)}/>`)).toEqual({
      kind: "too-large",
      message: "An element declares more than 64 namespaces.",
    });
    const many = (n: number) =>
      `<r>${Array.from({ length: n }, (_, i) => `<a ${decls(1, i)}/>`).join("")}</r>`;
    expect(read(many(1_024)).kind).toBe("ok");
    expect(read(many(1_025))).toEqual({
      kind: "too-large",
      message: "The document declares more than 1,024 namespaces.",
    });
  });

  it("reads many declarations in scope under many elements without copying them (the 255 KB reproduction's shape)", () => {
    // 4,000 declarations at the root, then 4,000 elements each declaring one more: the scope map was copied at
    // each element (16 million entries); the shared bindings hold 8,000.
    const decls = Array.from({ length: 4_000 }, (_, i) => `xmlns:p${i}="urn:${i}"`).join(" ");
    const body = `<r ${decls}>${Array.from({ length: 4_000 }, (_, i) => `<p${i}:a xmlns:q="urn:q${i}"/>`).join("")}</r>`;
    expect(read(body).kind).toBe("too-large");
    const limits = { ...XML_LIMITS, maxNamespaces: 10_000, maxElementNamespaces: 5_000 };
    const root = parseXml(body, limits);
    expect(root.children).toHaveLength(4_000);
    expect(root.children[3_999]?.ns).toBe("urn:3999");
  });

  it("counts declarations in upstream answers too (the lenient reader's limits)", () => {
    const refused = (text: string, limits: XmlLimits) => {
      try {
        readXmlSync(text, treeBuilder, limits);
        return null;
      } catch (e) {
        expect(e).toBeInstanceOf(XmlRefused);
        return (e as XmlRefused).reason;
      }
    };
    const limits = { ...UPSTREAM_XML_LIMITS, maxNamespaces: 2, maxElementNamespaces: 1 };
    expect(refused(`<r xmlns:a="1" xmlns:b="2"/>`, limits)).toBe(
      "an element declares more than 1 namespaces",
    );
    expect(refused(`<r xmlns:a="1"><s xmlns:b="2"/><t xmlns="3"/></r>`, limits)).toBe(
      "the document declares more than 2 namespaces",
    );
  });
});
