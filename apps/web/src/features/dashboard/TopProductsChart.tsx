import { BarChart } from 'echarts/charts';
import { GridComponent, TitleComponent, ToolboxComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([BarChart, GridComponent, TitleComponent, ToolboxComponent, TooltipComponent, CanvasRenderer]);

/** Top 10 Selling Products: a bar chart 450 px high that can be saved as a PNG. */
export function TopProductsChart({ points }: { points: { label: string; y: number }[] }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!element.current) return;
    const chart = echarts.init(element.current);
    chart.setOption({
      title: { text: 'Top 10 Selling Products', left: 'center' },
      tooltip: { trigger: 'axis' },
      toolbox: { feature: { saveAsImage: { title: 'Export', name: 'top_10_selling_products' } } },
      grid: { left: 60, right: 20, bottom: 80, top: 60 },
      xAxis: { type: 'category', data: points.map((p) => p.label), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', name: 'Quantity Sold' },
      series: [{ type: 'bar', data: points.map((p) => p.y), itemStyle: { color: '#1c7ed6' } }],
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [points]);
  return <div ref={element} style={{ height: 450, width: '100%' }} data-testid="top-products-chart" />;
}
