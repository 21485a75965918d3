// Generated once from test/fixtures/essbase-oracle/vision-plan1.yaml (the Vision.Plan1 outline captured from a
// live server; see that folder's NOTICE). Members as `{ name, alias?, children? }`, children in the order of that
// file. vision-outline.ts turns this into the demo planning outline.
export interface RawMember {
  name: string;
  alias?: string;
  children?: RawMember[];
}

export const VISION_PLAN1_DIMENSIONS: { name: string; members: RawMember[] }[] = [
  {
    name: "Scenario",
    members: [
      { name: "Reporting Scenario" },
      { name: "No Scenario" },
      { name: "Plan Adj %" },
      { name: "Forecast vs Plan" },
      { name: "Act vs Forecast" },
      { name: "Act vs Plan %" },
      { name: "Act vs Plan" },
      { name: "Forecast" },
      { name: "Revised Plan" },
      { name: "Adj Plan" },
      { name: "Current", alias: "SomeCurrent" },
      { name: "Plan" },
      { name: "Actual" },
    ],
  },
  {
    name: "Year",
    members: [
      {
        name: "All Years",
        children: [
          { name: "FY31" },
          { name: "FY30" },
          { name: "FY29" },
          { name: "FY28" },
          { name: "FY27" },
          { name: "FY26" },
          { name: "FY25" },
          { name: "FY24" },
          { name: "FY23" },
          { name: "FY22" },
          { name: "FY21" },
          { name: "FY20" },
          { name: "FY19" },
          { name: "FY18" },
          { name: "FY17" },
          { name: "FY16" },
          { name: "FY15" },
          { name: "FY14" },
          { name: "FY13" },
          { name: "FY12" },
          { name: "FY11" },
          { name: "FY10" },
          { name: "FY09" },
        ],
      },
    ],
  },
  {
    name: "Period",
    members: [
      { name: "Rolling" },
      { name: "No Period" },
      {
        name: "YearTotal",
        alias: "Total Year",
        children: [
          { name: "Q4", children: [{ name: "Dec" }, { name: "Nov" }, { name: "Oct" }] },
          { name: "Q3", children: [{ name: "Sep" }, { name: "Aug" }, { name: "Jul" }] },
          { name: "Q2", children: [{ name: "Jun" }, { name: "May" }, { name: "Apr" }] },
          { name: "Q1", children: [{ name: "Mar" }, { name: "Feb" }, { name: "Jan" }] },
        ],
      },
      { name: "BegBalance" },
      { name: "D-T-D" },
      { name: "W-T-D" },
      { name: "M-T-D" },
      { name: "P-T-D" },
      { name: "Q-T-D" },
      { name: "S-T-D" },
      { name: "H-T-D" },
      { name: "Y-T-D" },
    ],
  },
  {
    name: "Entity",
    members: [
      { name: "Unspecified Entity" },
      {
        name: "Management Rollup",
        children: [
          {
            name: "Administrative VP",
            children: [
              {
                name: "Administrative Director 2",
                children: [
                  { name: "CFO", alias: "CFO Office Management" },
                  { name: "CEO", alias: "CEO Office Management" },
                  { name: "815", alias: "Health Care" },
                  { name: "810", alias: "HR and Administration Management" },
                  { name: "720", alias: "CFO Office" },
                  { name: "710", alias: "CEO Office" },
                  { name: "600", alias: "Leasing" },
                ],
              },
              {
                name: "Administrative Director 1",
                children: [
                  { name: "840", alias: "Facilities" },
                  { name: "830", alias: "MIS" },
                  { name: "770", alias: "Order Entry" },
                  { name: "760", alias: "Payroll" },
                  { name: "750", alias: "Purchasing" },
                  { name: "740", alias: "Controllers Office" },
                  { name: "730", alias: "Finance" },
                ],
              },
            ],
          },
          {
            name: "Manufacturing VP",
            children: [
              {
                name: "Plant Director",
                children: [
                  { name: "560", alias: "Distribution Organization 2" },
                  { name: "555", alias: "DRP Warehouse 1" },
                  { name: "550", alias: "Distribution Organization 1" },
                  { name: "540", alias: "Sub-Assembly Plant 1" },
                  { name: "535", alias: "Manufacturing Plant 3" },
                  { name: "530", alias: "M3 Dallas Manufacturing Plant 2" },
                  { name: "520", alias: "M1 Seattle Manufacturing Plant" },
                ],
              },
              {
                name: "Operations Director",
                children: [
                  { name: "595", alias: "Engineering - Const" },
                  { name: "590", alias: "Quality" },
                  { name: "585", alias: "Maintenance and Service - Const" },
                  { name: "580", alias: "Maintenance_580" },
                  { name: "575", alias: "Project Management Ofc - Const" },
                  { name: "570", alias: "Cost Accounting" },
                  { name: "519", alias: "Texas Inventory" },
                  { name: "511", alias: "San Francisco Inventory" },
                  { name: "510", alias: "Vision Operations Inventory" },
                  { name: "509", alias: "Field Service Technicians" },
                  { name: "501", alias: "Operations Manager" },
                ],
              },
            ],
          },
          {
            name: "Sales VP",
            children: [
              {
                name: "Sales Director 2",
                children: [
                  { name: "450", alias: "Sales West" },
                  { name: "440", alias: "Sales Central" },
                  { name: "430", alias: "Sales South" },
                  { name: "423", alias: "Sales SouthEast" },
                  { name: "422", alias: "Sales Mid-Atlantic" },
                  { name: "421", alias: "Sales NorthEast" },
                  { name: "420", alias: "Sales East" },
                  { name: "410", alias: "International Sales" },
                ],
              },
              { name: "Sales Director 1", children: [{ name: "240", alias: "Marketing" }] },
            ],
          },
          {
            name: "Resources VP",
            children: [
              { name: "230", alias: "International Organization" },
              { name: "220", alias: "CAD Organization" },
              { name: "210", alias: "US Organization" },
              { name: "140", alias: "Communications Resources" },
              { name: "130", alias: "Computer Resources" },
              { name: "120", alias: "Machine Resources" },
              { name: "112", alias: "East Region Resources" },
              { name: "111", alias: "West Region Resources" },
              { name: "110", alias: "Facilities Resources" },
              { name: "000", alias: "No Department" },
            ],
          },
        ],
      },
      { name: "No Entity" },
      {
        name: "Total Entity",
        children: [
          { name: "Enterprise Global", children: [{ name: "PBJ Add Member Test" }] },
          {
            name: "TD",
            alias: "Total Department",
            children: [
              {
                name: "800",
                alias: "HR and Administration",
                children: [
                  { name: "840", alias: "Facilities" },
                  { name: "830", alias: "MIS" },
                  { name: "815", alias: "Health Care" },
                  { name: "810", alias: "HR and Administration Management" },
                ],
              },
              {
                name: "700",
                alias: "Finance and Accounting",
                children: [
                  { name: "CFO", alias: "CFO Office Management" },
                  { name: "CEO", alias: "CEO Office Management" },
                  { name: "770", alias: "Order Entry" },
                  { name: "760", alias: "Payroll" },
                  { name: "750", alias: "Purchasing" },
                  { name: "740", alias: "Controllers Office" },
                  { name: "730", alias: "Finance" },
                  { name: "720", alias: "CFO Office" },
                  { name: "710", alias: "CEO Office" },
                ],
              },
              { name: "601", alias: "Other Departments", children: [{ name: "600", alias: "Leasing" }] },
              {
                name: "500",
                alias: "Manufacturing",
                children: [
                  { name: "595", alias: "Engineering - Const" },
                  { name: "590", alias: "Quality" },
                  { name: "585", alias: "Maintenance and Service - Const" },
                  { name: "580", alias: "Maintenance_580" },
                  { name: "575", alias: "Project Management Ofc - Const" },
                  { name: "570", alias: "Cost Accounting" },
                  { name: "560", alias: "Distribution Organization 2" },
                  { name: "555", alias: "DRP Warehouse 1" },
                  { name: "550", alias: "Distribution Organization 1" },
                  { name: "540", alias: "Sub-Assembly Plant 1" },
                  { name: "535", alias: "Manufacturing Plant 3" },
                  { name: "530", alias: "M3 Dallas Manufacturing Plant 2" },
                  { name: "520", alias: "M1 Seattle Manufacturing Plant" },
                  { name: "519", alias: "Texas Inventory" },
                  { name: "511", alias: "San Francisco Inventory" },
                  { name: "510", alias: "Vision Operations Inventory" },
                  { name: "509", alias: "Field Service Technicians" },
                  { name: "501", alias: "Operations Manager" },
                ],
              },
              {
                name: "403",
                alias: "Sales",
                children: [
                  { name: "450", alias: "Sales West" },
                  { name: "440", alias: "Sales Central" },
                  { name: "430", alias: "Sales South" },
                  { name: "423", alias: "Sales SouthEast" },
                  { name: "422", alias: "Sales Mid-Atlantic" },
                  { name: "421", alias: "Sales NorthEast" },
                  { name: "420", alias: "Sales East" },
                  { name: "410", alias: "International Sales" },
                ],
              },
              {
                name: "200",
                alias: "Other Corporate",
                children: [
                  { name: "240", alias: "Marketing" },
                  { name: "230", alias: "International Organization" },
                  { name: "220", alias: "CAD Organization" },
                  { name: "210", alias: "US Organization" },
                ],
              },
              {
                name: "100",
                alias: "Resources",
                children: [
                  { name: "140", alias: "Communications Resources" },
                  { name: "130", alias: "Computer Resources" },
                  { name: "120", alias: "Machine Resources" },
                  { name: "112", alias: "East Region Resources" },
                  { name: "111", alias: "West Region Resources" },
                  { name: "110", alias: "Facilities Resources" },
                ],
              },
              { name: "000", alias: "No Department" },
            ],
          },
        ],
      },
    ],
  },
  {
    name: "HSP_Metric",
    members: [
      { name: "HSP_Cell Level Security Access" },
      { name: "HSP_Approval Unit Hierarchy" },
      { name: "HSP_Approval Unit Submission Group" },
    ],
  },
  {
    name: "Version",
    members: [
      { name: "No Version" },
      { name: "Predict" },
      { name: "Driver Volume" },
      { name: "Driver Rate" },
      { name: "Driver" },
      { name: "Rate Pct", alias: "Rate %" },
      { name: "Pct" },
      { name: "Worst Case" },
      { name: "Best Case" },
      { name: "Most Likely" },
      { name: "Commentary" },
      { name: "Target Variance %" },
      { name: "Target Variance" },
      { name: "Working vs What If" },
      { name: "Forecast vs Prior Fcst" },
      { name: "What If" },
      { name: "Target" },
      { name: "Expansion" },
      { name: "Method" },
      { name: "Acquisition" },
      { name: "Baseline" },
      { name: "Final" },
      { name: "Prior Fcst" },
      { name: "Revised" },
      { name: "Adj" },
      { name: "BU Version_1" },
      { name: "Working" },
    ],
  },
  {
    name: "Currency",
    members: [
      { name: "No Currency" },
      { name: "Reporting Currencies", children: [{ name: "USD_Reporting" }] },
      { name: "Input Currencies", children: [{ name: "USD" }] },
    ],
  },
  {
    name: "Account",
    members: [
      { name: "No Account" },
      {
        name: "TestWithShare",
        children: [{ name: "NI", alias: "0000: Net Income" }, { name: "RegularAccount" }],
      },
      {
        name: "Restricted Accounts",
        children: [{ name: "Restricted3" }, { name: "Restricted2" }, { name: "Restricted1" }],
      },
      {
        name: "Ratios",
        children: [
          {
            name: "Custom Ratios",
            children: [
              { name: "Provider Status" },
              { name: "COGS to Sales", alias: "COGS/Sales" },
              { name: "SG&A to Sales", alias: "SG&A/Sales" },
              { name: "Sales Growth Rate" },
            ],
          },
          { name: "Per Share Data", children: [{ name: "Book Value per Share" }] },
          {
            name: "Liquidity Ratios",
            children: [
              { name: "Operating Working Capital" },
              { name: "Working Capital (WC)" },
              { name: "Current Ratio" },
              { name: "Quick Ratio" },
            ],
          },
          { name: "Activity Ratios" },
          {
            name: "Leverage Ratios",
            children: [
              { name: "Times Interest Earned" },
              { name: "Debt to Capital" },
              { name: "Debt to Equity" },
            ],
          },
          {
            name: "Profit Performance Ratios",
            children: [
              { name: "EBITDA (calc)" },
              { name: "Return on Sales" },
              { name: "Gross Profit Margin" },
            ],
          },
        ],
      },
      {
        name: "Cash Flow Hierarchies",
        children: [
          {
            name: "Other Equity Total",
            children: [
              { name: "3999", alias: "3999: Minority Interest Equity" },
              { name: "3500", alias: "3500: Cumulative Translation Adjustment" },
              { name: "3200", alias: "3200: Paid in Capital" },
            ],
          },
          {
            name: "Accrued Liabilities Total",
            children: [
              { name: "2300", alias: "2300: Income Taxes Payable" },
              { name: "2530", alias: "2530: Interest Payable" },
              { name: "2370", alias: "2370: Intercompany Payables" },
              { name: "2225", alias: "2225: Accrued Expenses" },
              { name: "2120", alias: "2120: Short Term Debt" },
            ],
          },
        ],
      },
      {
        name: "CF",
        alias: "Cash Flow",
        children: [
          {
            name: "Cash Ending Balance",
            children: [
              { name: "Cash Beginning Balance" },
              {
                name: "Total Cash Flow",
                children: [
                  {
                    name: "Net Cash Provided by Financing",
                    children: [
                      { name: "Changes in Other Equity" },
                      { name: "Issuance (Repurchase) of Common Stock" },
                      { name: "Increase (Decrease) in Long Term Debt" },
                    ],
                  },
                  {
                    name: "Net Cash Used in Investing",
                    children: [
                      { name: "Changes in Other Assets" },
                      { name: "Capital Equipment Purchases" },
                      { name: "Proceeds from Asset Sales" },
                    ],
                  },
                  {
                    name: "Net Cash from Operations",
                    children: [
                      {
                        name: "Changes in Assets and Liabilities",
                        children: [
                          { name: "Change in Other Accrued Liabilities" },
                          { name: "Change in Accounts Payable" },
                          { name: "Change in Prepaid" },
                          { name: "Change in Inventory" },
                          { name: "Change in Accounts Receivable" },
                        ],
                      },
                      {
                        name: "Cash from Current Operations",
                        children: [
                          { name: "7850", alias: "7850: Gain (Loss) on Retirement" },
                          { name: "7300", alias: "7300: Total Depreciation & Amortization" },
                          { name: "NI", alias: "0000: Net Income" },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "ALL",
        alias: "All Accounts",
        children: [
          { name: "NI", alias: "0000: Net Income" },
          {
            name: "BS",
            alias: "Balance Sheet Accounts",
            children: [
              {
                name: "TLOE",
                alias: "Total Liabilities and Owners Equity",
                children: [
                  {
                    name: "3000",
                    alias: "3000: Total Owners Equity",
                    children: [
                      { name: "3999", alias: "3999: Minority Interest Equity" },
                      { name: "3500", alias: "3500: Cumulative Translation Adjustment" },
                      {
                        name: "3300",
                        alias: "3300: Retained Earnings Parent",
                        children: [
                          { name: "3320", alias: "3320: Current Year Operating Earnings" },
                          { name: "3310", alias: "3310: Retained Earnings" },
                        ],
                      },
                      { name: "3100", alias: "3100: Common Stock" },
                    ],
                  },
                  {
                    name: "2000",
                    alias: "2000: Total Liabilities",
                    children: [
                      {
                        name: "2999",
                        alias: "2999: Long Term Liabiities",
                        children: [
                          { name: "2990", alias: "2990: Suspense" },
                          { name: "2600", alias: "2600: Payable to Bank Long Term Debt" },
                        ],
                      },
                      {
                        name: "2100",
                        alias: "2100: Current Liabilities",
                        children: [
                          { name: "2300", alias: "2300: Income Taxes Payable" },
                          { name: "2530", alias: "2530: Interest Payable" },
                          { name: "2370", alias: "2370: Intercompany Payables" },
                          { name: "2225", alias: "2225: Accrued Expenses" },
                          { name: "2210", alias: "2210: Accounts Payable" },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                name: "1001",
                alias: "1001: Total Assets",
                children: [
                  {
                    name: "1700",
                    alias: "1700: Other Assets Total",
                    children: [
                      { name: "1820", alias: "1820: Investment in Subsidiaries" },
                      { name: "1810", alias: "1810: Intercompany Receivable" },
                      { name: "1770", alias: "1770: Goodwill Asset" },
                      { name: "1720", alias: "1720: Long Term Receivables" },
                    ],
                  },
                  {
                    name: "1020",
                    alias: "1020: Fixed Assets",
                    children: [
                      {
                        name: "1600",
                        alias: "1600: Total Accumulated Deprec. & Amortization",
                        children: [
                          { name: "1670", alias: "1670: Revaluation Reserve" },
                          { name: "1665", alias: "1665: Accum. Depr.  Intangible Assets" },
                          { name: "1660", alias: "1660: Accum. Depr.  Computers & Software" },
                          { name: "1650", alias: "1650: Accum. Depr.  Vehicles" },
                          { name: "1640", alias: "1640: Accum. Depr.  Furniture" },
                          { name: "1630", alias: "1630: Accum. Depr.  Machinery & Equipment" },
                          { name: "1620", alias: "1620: Accum. Depr.  Blding & Improvements" },
                          { name: "1610", alias: "1610: Accum. Depr. Existing Assets" },
                        ],
                      },
                      {
                        name: "1500",
                        alias: "1500: Asset Cost and Clearing Total",
                        children: [
                          { name: "1580", alias: "1580: CIP Cost" },
                          { name: "1570", alias: "1570: Asset Clearing" },
                          { name: "1565", alias: "1565: PPE-Intangible Assets" },
                          { name: "1560", alias: "1560: PPE-Computers & Software" },
                          { name: "1550", alias: "1550: PPE-Vehicles" },
                          { name: "1540", alias: "1540: PPE-Furniture" },
                          { name: "1530", alias: "1530: PPE-Machinery & Equipment" },
                          { name: "1520", alias: "1520: PPE-Building and Improvements" },
                          { name: "1510", alias: "1510: PPE-Land" },
                        ],
                      },
                    ],
                  },
                  {
                    name: "1010",
                    alias: "1010: Current Assets",
                    children: [
                      {
                        name: "1400",
                        alias: "1400: Inventory",
                        children: [
                          { name: "1471", alias: "1471: WIP Material Value" },
                          { name: "1460", alias: "1460: Intransit Inventory Value" },
                          { name: "1410", alias: "1410: Inventory Material Value" },
                        ],
                      },
                      {
                        name: "1300",
                        alias: "1300: Other Current Assets Total",
                        children: [
                          { name: "1340", alias: "1340: Prepaid Expenses" },
                          { name: "1332", alias: "1332: Withholding Tax" },
                          { name: "1310", alias: "1310: Interest Receivable" },
                        ],
                      },
                      {
                        name: "1200",
                        alias: "1200: Accounts Receivable Total",
                        children: [
                          { name: "1260", alias: "1260: Allowance for Bad Debt" },
                          { name: "1220", alias: "1220: Other Receivables" },
                          { name: "1210", alias: "1210: Accounts Receivable" },
                        ],
                      },
                      {
                        name: "1100",
                        alias: "1100: Cash and Short Term Equivalents",
                        children: [
                          { name: "1150", alias: "1150: Marketable Securities" },
                          { name: "1110", alias: "1110: Cash" },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        name: "Statistics",
        children: [
          {
            name: "LRP Drivers",
            children: [
              { name: "Current Stock Price" },
              { name: "Value per Share" },
              { name: "Credit Rating Value" },
              { name: "Excess Debt" },
              { name: "Debt to Capital Pct", alias: "Debt/Capital %" },
              { name: "Interest Coverage" },
              { name: "ROIC" },
              { name: "Total Capital (in MM)" },
              { name: "EPS" },
              { name: "Shares Outstanding" },
            ],
          },
          {
            name: "Misc Drivers",
            children: [
              { name: "Entity Status" },
              { name: "Avg Outstanding Shares" },
              { name: "Inflation Factor" },
              { name: "ICPayIncr", alias: "Intercompany Payables Increase" },
              { name: "LTDebtIncr", alias: "Increase in Long-term Debt" },
              { name: "AccrPRPct", alias: "Accrued Payroll % of Employee Exp" },
              { name: "DPO", alias: "Days Payables Outstanding" },
              { name: "PrepaidPct", alias: "Prepaid Exp % of OpEx" },
              { name: "DaysInv", alias: "Days in Inventory" },
              { name: "BadDebtPct", alias: "Bad Debt % of AR" },
              { name: "DSO", alias: "Days Sales Outstanding" },
            ],
          },
          {
            name: "Capital Expenditures",
            children: [
              { name: "CapEx: Intangible Assets" },
              { name: "CapEx: Computers & Software" },
              { name: "CapEx: Vehicles" },
              { name: "CapEx: Furniture" },
              { name: "CapEx: Machinery & Equipment" },
              { name: "CapEx: Building and Improvements" },
              { name: "CapEx: Land" },
            ],
          },
          {
            name: "Expense Driver Assumptions",
            children: [
              {
                name: "Sales Drivers",
                children: [{ name: "Travel %" }, { name: "Close Rate" }, { name: "Avg Order Size" }],
              },
              { name: "Trips" },
              { name: "Square Feet" },
              { name: "Employee Benefits %" },
              { name: "9800", alias: "Average Salaries" },
              { name: "9000", alias: "9000: Headcount" },
            ],
          },
          {
            name: "Revenue Driver Assumptions",
            children: [{ name: "Gross Margin %" }, { name: "COS Rate" }, { name: "ASP" }, { name: "Units" }],
          },
        ],
      },
      { name: "Exchange Rates", children: [{ name: "FX Rates - Ending" }, { name: "FX Rates - Average" }] },
    ],
  },
];
