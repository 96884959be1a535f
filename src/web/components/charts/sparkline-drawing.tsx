import { Line, LineChart, YAxis } from 'recharts';

/** The recharts part of Sparkline (loaded with recharts, on first use). */
export default function SparklineDrawing({
  values,
  color,
  width,
  height,
}: {
  values: number[];
  color: string;
  width: number;
  height: number;
}) {
  return (
    <LineChart
      width={width}
      height={height}
      data={values.map((value, index) => ({ index, value }))}
      margin={{ top: 2, right: 2, bottom: 2, left: 2 }}
      accessibilityLayer={false}
    >
      <YAxis hide domain={['dataMin', 'dataMax']} />
      <Line
        type="monotone"
        dataKey="value"
        stroke={color}
        strokeWidth={1.5}
        dot={false}
        isAnimationActive={false}
      />
    </LineChart>
  );
}
