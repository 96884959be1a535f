import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '@/contracts/valuation';
import { AllocationChart } from '@/web/components/charts/allocation-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useFormatters } from '@/web/lib/preferences';
import { ALLOCATION_DIMENSIONS, type AllocationDimension, allocationParts } from '../lib/labels';

/**
 * Where the net worth sits: by asset class, currency, sector, country or portfolio (tabs); a
 * simulation's by the same but portfolio, its cash a slice of its own. It is as of today,
 * whatever the range: it is not dimmed while another range loads.
 */
export function AllocationCard({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const [dimension, setDimension] = useState<AllocationDimension>('assetClass');
  // A simulation is one view: there is nothing to split by portfolio.
  const dimensions = data.simulation
    ? ALLOCATION_DIMENSIONS.filter((key) => key !== 'portfolio')
    : ALLOCATION_DIMENSIONS;
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle id="allocation-title">{t('allocation.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <Tabs
          value={dimension}
          onValueChange={(value) => setDimension(value as AllocationDimension)}
        >
          <TabsList aria-label={t('allocation.by')}>
            {dimensions.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`allocation.dimensions.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {dimensions.map((key) => (
            <TabsContent key={key} value={key} className="mt-3 rounded-md">
              <AllocationChart
                parts={allocationParts(data, key, t, format.locale)}
                currency={data.currency}
                caption={t('allocation.caption', {
                  dimension: t(`allocation.dimensionsLower.${key}`),
                })}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
