import { FolderOpen, Pencil, Save, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectionInputs, Scenario } from '@/contracts/projections';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { ConfirmDialog } from '@/web/components/ui/confirm-dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useFormatters } from '@/web/lib/preferences';
import { type ScenarioView, useScenarioChanges, useScenarios } from '../api/scenarios';

/** Scenarios compared with the form's at most (each a line on the chart). */
export const MAX_COMPARED = 3;

/**
 * The scenarios saved in the active portfolio view: save the form's inputs under a name, open one
 * into the form, compare up to three on the chart, rename or delete (edit permission; a reader
 * opens and compares).
 */
export function ScenariosCard({
  view,
  viewName,
  canEdit,
  current,
  onOpen,
  compared,
  onCompare,
}: {
  view: ScenarioView;
  viewName: string;
  canEdit: boolean;
  /** What the form runs now, or null while a field is wrong. */
  current: ProjectionInputs | null;
  onOpen: (scenario: Scenario) => void;
  compared: readonly string[];
  onCompare: (ids: string[]) => void;
}) {
  const { t } = useTranslation('planning');
  const format = useFormatters();
  const id = useId();
  const list = useScenarios(view);
  const { save, update, remove } = useScenarioChanges(view);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Scenario | null>(null);
  const scenarios = list.data ?? [];

  const summary = (inputs: ProjectionInputs) =>
    t('scenarios.summary', {
      count: inputs.years,
      expected: format.percent(inputs.expectedReturn * 100, { decimals: 1 }),
      volatility: format.percent(inputs.volatility * 100, { decimals: 1 }),
      monthly: format.number(inputs.monthlyContribution, 2),
    });

  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle>{t('scenarios.title')}</CardTitle>
        <p className="text-[13px] text-muted-foreground">
          {t('scenarios.subtitle', { name: viewName })}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {canEdit ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (!current || !name.trim()) return;
              save.mutate({ name: name.trim(), inputs: current }, { onSuccess: () => setName('') });
            }}
          >
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={`${id}-name`}>{t('scenarios.name')}</Label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={100}
                placeholder={t('scenarios.namePlaceholder')}
                onChange={(event) => setName(event.target.value)}
              />
            </div>
            <Button type="submit" disabled={!current || !name.trim() || save.isPending}>
              <Save aria-hidden="true" />
              {t('scenarios.save')}
            </Button>
            <ApiErrorAlert error={save.error} className="basis-full" />
          </form>
        ) : (
          <p className="text-[13px] text-muted-foreground">{t('scenarios.readOnly')}</p>
        )}

        {list.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : list.isError ? (
          <ApiErrorAlert error={list.error} />
        ) : scenarios.length === 0 ? (
          <p className="text-[13px] text-muted-foreground">{t('scenarios.empty')}</p>
        ) : (
          <ul className="grid divide-y rounded-lg border" aria-label={t('scenarios.title')}>
            {scenarios.map((scenario) => {
              const isCompared = compared.includes(scenario.id);
              const compareId = `${id}-compare-${scenario.id}`;
              return (
                <li key={scenario.id} className="grid gap-2 px-3 py-2.5 sm:flex sm:items-center">
                  <div className="min-w-0 flex-1">
                    {renaming?.id === scenario.id ? (
                      <form
                        className="flex gap-2"
                        onSubmit={(event) => {
                          event.preventDefault();
                          if (!renaming.name.trim()) return;
                          update.mutate(
                            { id: scenario.id, name: renaming.name.trim() },
                            { onSuccess: () => setRenaming(null) },
                          );
                        }}
                      >
                        <Input
                          aria-label={t('scenarios.newName', { name: scenario.name })}
                          value={renaming.name}
                          maxLength={100}
                          autoFocus
                          onChange={(event) =>
                            setRenaming({ id: scenario.id, name: event.target.value })
                          }
                        />
                        <Button type="submit" size="sm" disabled={update.isPending}>
                          {t('scenarios.renameSave')}
                        </Button>
                        <Button
                          type="button"
                          size="sm"
                          variant="ghost"
                          onClick={() => setRenaming(null)}
                        >
                          {t('scenarios.cancel')}
                        </Button>
                      </form>
                    ) : (
                      <>
                        <p className="truncate text-sm font-medium">{scenario.name}</p>
                        <p className="tabular text-xs text-muted-foreground">
                          {summary(scenario.inputs)}
                        </p>
                      </>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-1">
                    <div className="mr-2 flex items-center gap-1.5">
                      <Checkbox
                        id={compareId}
                        checked={isCompared}
                        disabled={!isCompared && compared.length >= MAX_COMPARED}
                        onChange={(event) =>
                          onCompare(
                            event.target.checked
                              ? [...compared, scenario.id]
                              : compared.filter((other) => other !== scenario.id),
                          )
                        }
                      />
                      <Label htmlFor={compareId} className="text-xs font-normal">
                        {t('scenarios.compare')} <span className="sr-only">{scenario.name}</span>
                      </Label>
                    </div>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => onOpen(scenario)}
                      aria-label={t('scenarios.openNamed', { name: scenario.name })}
                    >
                      <FolderOpen aria-hidden="true" />
                      {t('scenarios.open')}
                    </Button>
                    {canEdit ? (
                      <>
                        <Button
                          type="button"
                          size="icon"
                          variant="ghost"
                          aria-label={t('scenarios.rename', { name: scenario.name })}
                          onClick={() => setRenaming({ id: scenario.id, name: scenario.name })}
                        >
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          type="button"
                          size="icon"
                          variant="ghost"
                          aria-label={t('scenarios.delete', { name: scenario.name })}
                          onClick={() => setDeleting(scenario)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        <ApiErrorAlert error={update.error ?? remove.error} />
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('scenarios.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('scenarios.deleteText')}
        confirmLabel={t('scenarios.deleteConfirm')}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          onCompare(compared.filter((other) => other !== deleting.id));
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}
