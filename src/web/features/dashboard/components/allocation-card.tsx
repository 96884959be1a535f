import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '@/contracts/valuation';
import { AllocationChart } from '@/web/components/charts/allocation-chart';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useFormatters } from '@/web/lib/preferences';
import { ALLOCATION_DIMENSIONS, type AllocationDimension, allocationParts } from '../lib/labels';

/**
 * Where the net worth sits: by asset class, currency, sector, country or portfolio (tabs). It is
 * as of today, whatever the range: it is not dimmed while another range loads.
 */
export function AllocationCard({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const [dimension, setDimension] = useState<AllocationDimension>('assetClass');
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
            {ALLOCATION_DIMENSIONS.map((key) => (
              <TabsTrigger key={key} value={key}>
                {t(`allocation.dimensions.${key}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {ALLOCATION_DIMENSIONS.map((key) => (
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
