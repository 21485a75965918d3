import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * Opening or submitting a form through planning or pbcs reads the form's definition (`GET …/formdefinitions/{form}`,
 * Service Administrator) once: for the form's own spelling of its name, its rules on save and, where the server
 * refuses Export Form Data (no AI Studio), its grid. Before: an opening read it twice where Export Form Data was
 * refused, and a submit three times (its opening, its rules on save, the form read again after the save), each a
 * round trip to the company's server.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });
/** The requests the proxy passed on or answered, in order. */
let seen: string[] = [];
/** Whether the proxy refuses Export Form Data, as a deployment without AI Studio does. */
let noAiStudio = false;

const proxy = slowProxy(
  () => server.base,
  ({ method, path }) => {
    seen.push(`${method} ${path}`);
    if (noAiStudio && method === "GET" && /\/forms\/[^/]+\/data$/.test(path)) {
      return {
        answer: (res) => {
          res.writeHead(403, { "content-type": "application/json" });
          res.end(JSON.stringify({ errorMessage: "Export Form Data needs AI Studio." }));
        },
      };
    }
    return { delayMs: 0 };
  },
);

const definitionReads = () => seen.filter((s) => /^GET .*\/formdefinitions\/[^/]+$/.test(s)).length;

describe.each(["planning", "pbcs"])("a form through %s reads its definition once", (connector) => {
  const open = async () => {
    const vision = await server.vision(connector, `${proxy.base}/HyperionPlanning/SmartView`);
    // Asked in another case: the answer still names the form as the application spells it.
    const form = { ...vision, folder: "/Forms/Revenue", formName: "revenue plan" };
    seen = [];
    const r = await server.post("nav/openform", form, { connector });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.formName).toBe("Revenue Plan");
    return { form, r };
  };

  it("on opening it", async () => {
    noAiStudio = false;
    await open();
    expect(definitionReads()).toBe(1);
  });

  it("on opening it where Export Form Data is refused (its grid read from the definition)", async () => {
    noAiStudio = true;
    try {
      const { r } = await open();
      expect(seen.some((s) => /\/forms\/[^/]+\/data$/.test(s))).toBe(true);
      expect((r.json.grid as unknown as string[][]).length).toBeGreaterThan(1);
      expect(definitionReads()).toBe(1);
    } finally {
      noAiStudio = false;
    }
  });

  it("on submitting it: the rules on save and the form read after the save take the same read", async () => {
    noAiStudio = false;
    const { form, r: opened } = await open();
    const grid = (opened.json.grid as unknown as string[][]).map((row) => [...row]);
    const value = String(1000 + Math.floor(Math.random() * 8000));
    (grid[1] as string[])[1] = value;
    seen = [];
    const r = await server.post(
      "action/submitform",
      { ...form, pov: opened.json.pov, grid, codes: opened.json.codes },
      { connector },
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.grid as unknown as string[][])[1]?.[1]).toBe(value);
    expect(definitionReads()).toBe(1);
  });
});
