import type {
  CalcExpectedPhrase,
  CalcMessageId,
  CalcReason,
  CalcRunOptions,
  CalcSyntaxMessageId,
  Cube,
  Outline,
} from "@qibates/engine";

/**
 * The engine's modules a sample runs on. The test passes the engine of this tree; the same samples, run on the
 * engine as it was before its reasons were typed, gave the `english` texts below.
 */
export interface SampleEngine {
  Cube: new (outline: Outline) => Cube;
  Outline: new (spec: ConstructorParameters<typeof Outline>[0]) => Outline;
  createSampleBasicCube: () => Cube;
  runCalcScript: (cube: Cube, text: string, options?: CalcRunOptions) => unknown;
}

/**
 * Where a sample's script runs: Sample.Basic (the default), or a small cube of two dimensions (`Measures` dense,
 * accounts: A and B stored, with `formulas`; `Market` sparse: East) with a cell of A stored in East, or
 * Sample.Basic with `_T_`, a cube of that shape whose `Sales` is Dynamic Calc (`target: "dynamic"`) or whose second
 * dimension is `Region` (`target: "region"`).
 */
export type SampleSetup =
  | { cube?: "basic"; target?: "dynamic" | "region" }
  | { cube: "small"; formulas?: { A?: string; B?: string; dynamic?: boolean } };

/**
 * One calc-script refusal of each kind: the script that gives it (and where it runs), and the message exactly as
 * the engine has always said it. A kind no script can reach has the reason itself, and why.
 */
export type CalcSample = ScriptSample | { reason: CalcReason; english: string; unreachable: string };

/** A script, where it runs, and what the engine says of it. */
export type ScriptSample = { script: string; english: string } & SampleSetup;

/** Runs a sample's script on `engine`; what it throws (or null). */
export function runSample(engine: SampleEngine, s: { script: string } & SampleSetup): unknown {
  try {
    if (s.cube === "small") {
      const f = s.formulas ?? {};
      const storage = f.dynamic ? ("dynamic-calc" as const) : ("store" as const);
      const cube = new engine.Cube(
        new engine.Outline({
          dimensions: [
            {
              name: "Measures",
              type: "accounts",
              density: "dense",
              members: [
                { name: "A", storage, ...(f.A ? { formula: f.A } : {}) },
                { name: "B", storage, ...(f.B ? { formula: f.B } : {}) },
                { name: "C" },
              ],
            },
            { name: "Market", density: "sparse", members: [{ name: "East" }] },
          ],
        }),
      );
      cube.loadByNames(["C", "East"], 1);
      engine.runCalcScript(cube, s.script);
    } else {
      const locations: Record<string, Cube> = {};
      if (s.target) {
        locations._T_ = new engine.Cube(
          new engine.Outline({
            dimensions: [
              {
                name: "Measures",
                type: "accounts",
                density: "dense",
                members: [{ name: "Sales", storage: "dynamic-calc", formula: "1;" }, { name: "COGS" }],
              },
              {
                name: s.target === "region" ? "Region" : "Market",
                density: "sparse",
                members: [{ name: "East" }],
              },
            ],
          }),
        );
      }
      engine.runCalcScript(engine.createSampleBasicCube(), s.script, { locations });
    }
  } catch (e) {
    return e;
  }
  return null;
}

export const CALC_SAMPLES: { readonly [K in CalcMessageId]: CalcSample } = {
  unknownOperator: {
    reason: { id: "unknownOperator", operator: "^" },
    english: "Unknown operator ^",
    unreachable: "the parser reads only the operators the evaluator has",
  },
  formulaSyntax: {
    cube: "small",
    formulas: { A: "B +" },
    script: "CALC ALL;",
    english:
      "Formula of \"A\": Syntax error at line 1, column 4: expected a value, a member name or a function, found ';' (line 1, column 1)",
  },
  notInFormula: {
    cube: "small",
    formulas: { A: "CALC ALL;" },
    script: "CALC ALL;",
    english: '"calcAll" is not allowed in a member formula (line 1, column 1)',
  },
  notInMemberBlock: {
    script: "Sales (\n  CLEARBLOCK ALL;\n)",
    english: '"clearBlock" is not allowed inside a member block (line 2, column 3)',
  },
  unknownSubstitutionVariable: {
    script: "Sales = &NextMonth;",
    english: "Unknown substitution variable &NextMonth (line 1, column 9)",
  },
  unknownMember: {
    script: "Sales = Sales * Growth;",
    english: 'Unknown member "Growth" (line 1, column 17)',
  },
  unknownDimension: {
    script: "CALC DIM (Region);",
    english: 'Unknown dimension "Region" (line 1, column 1)',
  },
  unknownLocation: {
    script: "Sales (@XWRITE(Sales, _Plan9_);)",
    english: "Unknown location alias _Plan9_ (line 1, column 8)",
  },
  unknownLevel: {
    script: "FIX (@LEVMBRS(Year, Weeks))\n  CALC DIM (Market);\nENDFIX",
    english: 'Unknown level or generation "Weeks" (line 1, column 6)',
  },
  attributeInReference: {
    script: "Sales = Sales->Can;",
    english: '"Can" is an attribute member; use @ATTRIBUTE in a member set (line 1, column 1)',
  },
  notBaseDimension: {
    script: "Sales (IF (@ISLEV(Can, 0)) Sales = 1; ENDIF)",
    english: "Pkg Type is not a base dimension (line 1, column 1)",
  },
  notAttributeDimension: {
    script: "Sales = @ATTRIBUTEVAL(Market);",
    english: '"Market" is not an attribute dimension (line 1, column 1)',
  },
  needsMemberArgument: {
    script: "Sales (IF (@ISCHILD()) Sales = 1; ENDIF)",
    english: "@ISCHILD needs a member argument (line 1, column 1)",
  },
  expectsMemberName: {
    script: "Sales (IF (@ISCHILD(1 + 2)) Sales = 1; ENDIF)",
    english: "@ISCHILD expects a member name (line 1, column 23)",
  },
  needsArgument: { script: "Sales (@RETURN();)", english: "@RETURN needs an argument (line 1, column 1)" },
  expectsName: {
    script: "Sales (@RETURN(1 + 2, ERROR);)",
    english: "@RETURN expects a name (line 1, column 18)",
  },
  missingArgument: { script: "Sales = @ABS();", english: "@ABS needs argument 1 (line 1, column 9)" },
  needsNumber: {
    script: "FIX (@LEVMBRS(Year))\n  CALC DIM (Market);\nENDFIX",
    english: "@LEVMBRS needs a number (line 1, column 6)",
  },
  needsTimeDimension: {
    cube: "small",
    script: "A = @PRIOR(B);",
    english: "@PRIOR needs a time dimension (line 1, column 1)",
  },
  unsupportedFunction: {
    script: "Sales = @MOVAVG(Sales, 3);",
    english: "Unsupported function @MOVAVG (line 1, column 9)",
  },
  notSetFunction: {
    script: "FIX (@ABS(Sales))\n  CALC DIM (Market);\nENDFIX",
    english: "@ABS is not a member-set function (line 1, column 6)",
  },
  xwriteArguments: {
    script: "Sales (@XWRITE(Sales);)",
    english: "@XWRITE needs an expression and a location alias (line 1, column 8)",
  },
  xwriteNoMember: {
    target: "region",
    script: "Sales (@XWRITE(Sales, _T_);)",
    english: "@XWRITE: _T_ has no member given in dimension Region (line 1, column 8)",
  },
  returnLevel: {
    script: 'Sales (@RETURN("Stop", FATAL);)',
    english: "@RETURN level must be ERROR, WARNING or INFO, not FATAL (line 1, column 8)",
  },
  returned: {
    script: 'Sales (@RETURN("Budget 2026 : saisie close", ERROR);)',
    english: "Budget 2026 : saisie close (line 1, column 8)",
  },
  setCrossesDimensions: {
    script: "FIX (Sales->Actual)\n  CALC DIM (Market);\nENDFIX",
    english: "A member set cannot cross dimensions (line 1, column 6)",
  },
  expectedMemberSet: {
    script: "FIX (1)\n  CALC DIM (Market);\nENDFIX",
    english: "Expected a member or member-set function (line 1, column 6)",
  },
  currentMemberNeedsCell: {
    script: "FIX (@CURRMBR(Year))\n  CALC DIM (Market);\nENDFIX",
    english: "@CURRMBR needs a current cell (line 1, column 6)",
  },
  aggDense: {
    script: "AGG (Year, Market);",
    english: "AGG works on sparse dimensions only (Year is dense) (line 1, column 1)",
  },
  assignmentNeeded: {
    script: "Sales * 2;",
    english:
      "A calculation outside a member block needs an assignment (Member = expression;) (line 1, column 1)",
  },
  assignAttribute: {
    script: "Can = 1;",
    english: 'Cannot assign to attribute member "Can" (line 1, column 1)',
  },
  assignNotStored: {
    script: "CALC ALL;\nProfit = Sales - COGS;",
    english: 'Cannot assign to "Profit": it is Dynamic Calc (line 2, column 1)',
  },
  notWritable: {
    target: "dynamic",
    script: "Sales (@XWRITE(Sales, _T_, East);)",
    english: '"Sales" is Dynamic Calc (line 1, column 1)',
  },
  dataCopyLists: {
    script: "DATACOPY Jan TO @LIST(Feb, Mar);",
    english: "DATACOPY needs matching member lists (line 1, column 1)",
  },
  dataCopyTarget: {
    script: "DATACOPY Sales TO Profit;",
    english: '"Profit" cannot be a DATACOPY target (not stored) (line 1, column 1)',
  },
  dataCopyDimensions: {
    script: "DATACOPY Jan TO Actual;",
    english: "DATACOPY copies within one dimension (line 1, column 1)",
  },
  tooDeep: {
    cube: "small",
    formulas: { A: "B + 1;", B: "A + 1;", dynamic: true },
    script: "C = A;",
    english: "Dynamic calculation is too deep (circular formula?) (line 1, column 1)",
  },
  internal: {
    reason: {
      id: "internal",
      message: "An aggregation worker failed: the calculation's values are not reliable",
    },
    english: "An aggregation worker failed: the calculation's values are not reliable",
    unreachable: "a fault of the engine (a bug, a worker lost), not a refusal of the script",
  },
};

/** One script of each kind that does not parse, and its message exactly as the engine has always said it. */
export const CALC_SYNTAX_SAMPLES: {
  readonly [K in CalcSyntaxMessageId]: { script: string; english: string };
} = {
  unterminatedComment: {
    script: "CALC ALL;\n/* seed Budget",
    english: "Syntax error at line 2, column 1: unterminated comment",
  },
  unterminatedName: {
    script: 'FIX ("Actual)\n  CALC ALL;\nENDFIX',
    english: "Syntax error at line 1, column 6: unterminated quoted name",
  },
  unexpectedHash: {
    script: "Sales = #NA;",
    english: "Syntax error at line 1, column 9: unexpected '#' (expected #MISSING or #MI)",
  },
  unexpectedSign: { script: "Sales = @(1);", english: "Syntax error at line 1, column 9: unexpected '@'" },
  unexpectedCharacter: {
    script: "Sales = Sales ^ 2;",
    english: "Syntax error at line 1, column 15: unexpected character '^'",
  },
  expected: {
    script: "FIX (Actual\n  CALC ALL;\nENDFIX",
    english: "Syntax error at line 2, column 3: expected ')', found 'CALC'",
  },
};

/** A script for what a syntax error may expect (each phrase, a punctuation mark, a keyword) and what it finds. */
export const EXPECTED_SAMPLES: readonly { script: string; english: string; phrase?: CalcExpectedPhrase }[] = [
  {
    phrase: "a statement",
    script: "ENDFIX;",
    english: "Syntax error at line 1, column 1: expected a statement, found 'ENDFIX'",
  },
  {
    phrase: "ALL, DIM or TWOPASS after CALC",
    script: 'CALC "Sales";',
    english: 'Syntax error at line 1, column 6: expected ALL, DIM or TWOPASS after CALC, found "Sales"',
  },
  {
    phrase: "ALL, UPPER, NONINPUT or DYNAMIC",
    script: "CLEARBLOCK 1;",
    english: "Syntax error at line 1, column 12: expected ALL, UPPER, NONINPUT or DYNAMIC, found '1'",
  },
  {
    phrase: "a member name before '='",
    script: "1 = Sales;",
    english: "Syntax error at line 1, column 3: expected a member name before '=', found '='",
  },
  {
    phrase: "a dimension name",
    script: "CALC DIM (;",
    english: "Syntax error at line 1, column 11: expected a dimension name, found ';'",
  },
  {
    phrase: "a value, a member name or a function",
    script: "Sales = ;",
    english: "Syntax error at line 1, column 9: expected a value, a member name or a function, found ';'",
  },
  {
    phrase: "a member name",
    script: "Sales = Sales->@ABS(1);",
    english: "Syntax error at line 1, column 16: expected a member name, found '@ABS'",
  },
  {
    script: "FIX (Actual)\n  CALC ALL;",
    english: "Syntax error at line 2, column 12: expected ENDFIX, found end of script",
  },
  {
    script: "Sales = &CurrMonth &CurrQtr;",
    english: "Syntax error at line 1, column 20: expected ';', found '&CurrQtr'",
  },
];
