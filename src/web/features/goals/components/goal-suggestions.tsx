import { Lightbulb, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type CreateGoalBody, GOAL_SUGGESTIONS, type Goal } from '@/contracts/goals';
import type { Currency } from '@/contracts/settings';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/web/components/ui/card';
import { useFormatters } from '@/web/lib/preferences';
import { type GoalView, useGoalChanges } from '../api/goals';
import { localToday, yearsAfter } from '../lib/goal-form';

type Suggestion = (typeof GOAL_SUGGESTIONS)[number];

/**
 * The spec's example goals, as suggestions apart from the user's goals: one click adopts one (a
 * real goal, in the view's currency, its date counted from today). A suggestion whose category
 * the view already has a goal in is not offered again.
 */
export function GoalSuggestions({
  view,
  currency,
  goals,
}: {
  view: GoalView;
  currency: Currency;
  goals: Goal[];
}) {
  const { t } = useTranslation('goals');
  const format = useFormatters();
  const { create } = useGoalChanges(view);
  const open = GOAL_SUGGESTIONS.filter(
    (suggestion) => !goals.some((goal) => goal.category === suggestion.category),
  );
  if (open.length === 0) return null;

  const adopt = (suggestion: Suggestion) => {
    const title = t(`suggestions.${suggestion.key}.title`);
    const body: CreateGoalBody = {
      title,
      description: t(`suggestions.${suggestion.key}.description`),
      category: suggestion.category,
      priority: suggestion.category === 'emergency_fund' ? 'high' : 'medium',
      status: 'active',
      targetAmount: suggestion.targetAmount,
      currency,
      targetDate: yearsAfter(localToday(), suggestion.years),
      // Retirement is what the whole portfolio is for; the others start from what is put aside.
      measure:
        suggestion.category === 'retirement'
          ? { kind: 'portfolio' }
          : { kind: 'manual', currentAmount: '0' },
    };
    create.mutate(body, {
      onSuccess: ({ goal }) => toast.success(t('suggestions.adopted', { title: goal.title })),
    });
  };

  return (
    <section aria-labelledby="goal-suggestions" className="grid gap-3">
      <div>
        <h2 id="goal-suggestions" className="flex items-center gap-2 text-base font-semibold">
          <Lightbulb aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('suggestions.title')}
        </h2>
        <p className="text-[13px] text-muted-foreground">{t('suggestions.description')}</p>
      </div>
      <ApiErrorAlert error={create.error} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {open.map((suggestion) => (
          <li key={suggestion.key}>
            <Card className="h-full border-dashed bg-transparent shadow-none">
              <CardHeader className="gap-1.5 pb-2">
                <Badge variant="outline">{t('suggestions.badge')}</Badge>
                <CardTitle className="text-base">
                  {t(`suggestions.${suggestion.key}.title`)}
                </CardTitle>
                <CardDescription>{t(`suggestions.${suggestion.key}.description`)}</CardDescription>
              </CardHeader>
              <CardContent className="flex items-center justify-between gap-3">
                <span className="text-sm font-medium tabular-nums">
                  {t('suggestions.target', {
                    amount: format.money(suggestion.targetAmount, { currency }),
                    count: suggestion.years,
                  })}
                </span>
                <Button
                  change
                  size="sm"
                  variant="outline"
                  disabled={create.isPending}
                  onClick={() => adopt(suggestion)}
                  aria-label={`${t('suggestions.adopt')}: ${t(`suggestions.${suggestion.key}.title`)}`}
                >
                  <Plus aria-hidden="true" />
                  {t('suggestions.adopt')}
                </Button>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
