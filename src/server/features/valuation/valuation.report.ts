import type { PerformanceResponse } from '@/contracts/valuation';
import { CSV_BOM, csvCell, csvFigure, csvLine } from '../../platform/csv';

/**
 * The performance report (Premium: data_export): one line per holding with every figure of the
 * range in the portfolio's currency, then the portfolio's total, as a CSV a spreadsheet opens
 * as it is. The plain CSV exports (holdings, transactions) stay free on every plan.
 */
const COLUMNS = [
  'name',
  'symbol',
  'class',
  'holding_currency',
  'quantity',
  'last_price',
  'last_price_currency',
  'last_price_date',
  'currency',
  'value',
  'weight',
  'cost_basis',
  'unrealized_gain',
  'unrealized_gain_percent',
  'realized_gain',
  'dividends',
  'interest',
  'fees',
  'taxes',
  'net_contributions',
  'currency_effect',
  'twr',
  'twr_annualized',
  'mwr',
  'volatility',
  'max_drawdown',
] as const;

type Figures = Pick<
  PerformanceResponse,
  | 'value'
  | 'costBasis'
  | 'unrealizedGain'
  | 'unrealizedGainPercent'
  | 'realizedGain'
  | 'dividends'
  | 'interest'
  | 'fees'
  | 'taxes'
  | 'netContributions'
  | 'currencyEffect'
  | 'twr'
  | 'twrAnnualized'
  | 'mwr'
  | 'volatility'
  | 'maxDrawdown'
>;

/** Ratios as decimals (0.0523 is 5.23 %), six places: a spreadsheet formats them. */
const ratio = (value: number | null) => (value === null ? null : value.toFixed(6));

const figures = (f: Figures, weight: number | null, currency: string) => [
  csvCell(currency),
  csvFigure(f.value),
  csvFigure(ratio(weight)),
  csvFigure(f.costBasis),
  csvFigure(f.unrealizedGain),
  csvFigure(ratio(f.unrealizedGainPercent)),
  csvFigure(f.realizedGain),
  csvFigure(f.dividends),
  csvFigure(f.interest),
  csvFigure(f.fees),
  csvFigure(f.taxes),
  csvFigure(f.netContributions),
  csvFigure(f.currencyEffect),
  csvFigure(ratio(f.twr)),
  csvFigure(ratio(f.twrAnnualized)),
  csvFigure(ratio(f.mwr)),
  csvFigure(ratio(f.volatility)),
  csvFigure(ratio(f.maxDrawdown)),
];

/** A line of cells already made safe (csvCell or csvFigure), CRLF included. */
const line = (cells: string[]) => `${cells.join(',')}\r\n`;

export function performanceReportCsv(answer: PerformanceResponse): string {
  const lines = [CSV_BOM, csvLine(COLUMNS)];
  for (const h of answer.holdings) {
    lines.push(
      line([
        csvCell(h.name),
        csvCell(h.symbol),
        csvCell(h.class),
        csvCell(h.holdingCurrency),
        csvFigure(h.quantity),
        csvFigure(h.lastPrice),
        csvCell(h.lastPriceCurrency),
        csvCell(h.lastPriceDate),
        ...figures(h, h.weight, answer.currency),
      ]),
    );
  }
  lines.push(
    line([
      csvCell('Total'),
      '',
      '',
      '',
      '',
      '',
      csvCell(answer.asOf),
      ...figures(answer, answer.value === '0' ? null : 1, answer.currency),
    ]),
  );
  return lines.join('');
}

export function performanceReportHeaders(range: string, asOf: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="cairn-performance-${range}-${asOf}.csv"`,
  };
}
