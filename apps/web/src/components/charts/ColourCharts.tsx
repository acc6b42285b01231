import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ColourBarChartProps, ColourLineChartProps } from './types';

/** Charts whose every bar or line has its own colour; reached through React.lazy (index.tsx). */

/** One bar per category, laid along the side, each in its own colour. */
export function ColourBarChart({ bars, valueLabel, height = 240 }: ColourBarChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart layout="vertical" data={bars} margin={{ left: 24 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={110} />
        <Tooltip />
        <Bar dataKey="value" name={valueLabel} isAnimationActive={false}>
          {bars.map((bar) => (
            <Cell key={bar.key} fill={bar.color} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Several lines over the same categories (days), each in its own colour, with a legend. */
export function ColourLineChart({ data, xKey, lines, height = 240 }: ColourLineChartProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey={xKey} />
        <YAxis allowDecimals={false} />
        <Tooltip />
        <Legend />
        {lines.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={line.label}
            stroke={line.color}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
