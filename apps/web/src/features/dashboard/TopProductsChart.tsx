import { formatQuantity } from '@duka/shared';
import { Box, Button } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useRef } from 'react';
import { saveSvgAsPng } from './save-svg.ts';

const TITLE = 'Top 10 Selling Products';
const HEIGHT = 450;
/** Room around the bars: the title and the axis name above, the quantities left, the slanted names below. */
const MARGIN = { top: 60, right: 20, bottom: 90, left: 80 };
const BAR_COLOR = '#1c7ed6';
const FONT = 'system-ui, sans-serif';
/** A name longer than this is cut on the axis; the bar's tooltip and the chart's description keep it whole. */
const LONGEST_LABEL = 18;

/**
 * Top 10 Selling Products: a bar chart 450 px high that can be saved as a PNG. Drawn as SVG by the page itself: a
 * charting library was 168 KB of gzip to fetch and run before the dashboard could draw ten bars on a slow phone.
 */
export function TopProductsChart({ points }: { points: { label: string; y: number }[] }) {
  const { ref: box, width } = useElementSize();
  const svg = useRef<SVGSVGElement>(null);
  const plotWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const ticks = axisTicks(Math.max(0, ...points.map((p) => p.y)));
  const top = ticks.at(-1) || 1;
  const yOf = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const band = points.length ? plotWidth / points.length : 0;
  const description = points.map((p) => `${p.label}: ${formatQuantity(p.y)}`).join('; ');
  return (
    <Box ref={box} pos="relative" h={HEIGHT} data-testid="top-products-chart">
      <Button
        variant="subtle"
        size="compact-xs"
        pos="absolute"
        top={0}
        right={0}
        onClick={() => svg.current && void saveSvgAsPng(svg.current, 'top_10_selling_products.png')}
      >
        Export
      </Button>
      {width > 0 && (
        <svg
          ref={svg}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-label={`${TITLE}. ${description}`}
          fontFamily={FONT}
          fontSize={12}
        >
          <rect width={width} height={HEIGHT} fill="#fff" />
          <text x={width / 2} y={24} textAnchor="middle" fontSize={18} fontWeight={700} fill="#333">
            {TITLE}
          </text>
          <text x={MARGIN.left} y={MARGIN.top - 14} textAnchor="middle" fill="#666">
            Quantity Sold
          </text>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={MARGIN.left + plotWidth}
                y1={yOf(tick)}
                y2={yOf(tick)}
                stroke={tick ? '#e9ecef' : '#868e96'}
              />
              <text x={MARGIN.left - 8} y={yOf(tick)} textAnchor="end" dominantBaseline="middle" fill="#666">
                {formatQuantity(tick)}
              </text>
            </g>
          ))}
          {points.map((point, i) => {
            const center = MARGIN.left + band * (i + 0.5);
            const y = yOf(point.y);
            return (
              <g key={point.label}>
                <rect
                  x={center - band * 0.3}
                  y={y}
                  width={band * 0.6}
                  height={MARGIN.top + plotHeight - y}
                  fill={BAR_COLOR}
                  data-testid="top-products-bar"
                >
                  <title>{`${point.label}: ${formatQuantity(point.y)}`}</title>
                </rect>
                <text
                  transform={`translate(${center} ${MARGIN.top + plotHeight + 12}) rotate(-30)`}
                  textAnchor="end"
                  dominantBaseline="middle"
                  fill="#333"
                >
                  {shortened(point.label)}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Box>
  );
}

const shortened = (label: string) => (label.length > LONGEST_LABEL ? `${label.slice(0, LONGEST_LABEL - 1)}…` : label);

/** Round steps (1, 2 or 5 times a power of ten) from 0 to at least `max`, five or so of them. */
function axisTicks(max: number): number[] {
  if (max <= 0) return [0];
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}
