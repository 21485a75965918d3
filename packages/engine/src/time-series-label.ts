/** `Q-T-D(Feb)`, `h-t-d( &CurrMonth )`: a series' letter, `-T-D`, and the latest period in brackets. */
const DTS_LABEL = /^\s*([a-z]-t-d)\s*\(\s*(.+?)\s*\)\s*$/i;

/**
 * A Dynamic Time Series label as a grid or a formula writes it, read once for every side: the series (upper case,
 * `Q-T-D`) and the latest period as written (`Feb`, `&CurrMonth`); undefined for any other text. Whether the
 * outline enables that series is the caller's to check.
 */
export function dynamicTimeSeriesLabel(text: string): { series: string; latest: string } | undefined {
  const m = DTS_LABEL.exec(text);
  return m ? { series: (m[1] as string).toUpperCase(), latest: m[2] as string } : undefined;
}
