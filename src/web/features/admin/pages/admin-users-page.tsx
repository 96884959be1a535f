import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/web/lib/session';
import { useFailureToast } from '@/web/components/ui/use-failure-toast';
import { USERS_PAGE_SIZE, useAdminUsers } from '../api/queries';
import { AdminPage } from '../components/admin-page';
import { LoadingStatus, TableCard } from '../components/data-table';
import { FilterSelect, Pagination, SearchField } from '../components/list-controls';
import { UsersTable } from '../components/users-table';
import { useDebouncedValue } from '../lib/use-debounced-value';

const ROLE_FILTERS = ['all', 'user', 'admin'] as const;
type RoleFilter = (typeof ROLE_FILTERS)[number];

/** /admin/users: every account, searchable, 25 a page; promote and demote. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const term = useDebouncedValue(search.trim());
  // The page belongs to one search and filter: changing them starts again at page 1.
  const filterKey = `${term}|${role}`;
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const users = useAdminUsers({ search: term, role: role === 'all' ? null : role, page });
  const data = users.data;
  useFailureToast(users, t('users.loadFailed'));

  return (
    <AdminPage title={t('users.title')} description={t('users.description')}>
      <TableCard
        label={t('users.tableLabel')}
        busy={users.isFetching}
        toolbar={
          <>
            <SearchField
              label={t('users.searchLabel')}
              placeholder={t('users.searchPlaceholder')}
              value={search}
              onChange={setSearch}
            />
            <FilterSelect
              label={t('users.roleFilter')}
              value={role}
              onChange={(value) => setRole(value as RoleFilter)}
            >
              {ROLE_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {value === 'all' ? t('common.all') : t(`roles.${value}`)}
                </option>
              ))}
            </FilterSelect>
          </>
        }
        footer={
          data && data.total > 0 ? (
            <Pagination
              label={t('users.paginationLabel')}
              page={page}
              pageSize={USERS_PAGE_SIZE}
              total={data.total}
              onPageChange={(next) => setPaging({ filterKey, page: next })}
            />
          ) : null
        }
      >
        {users.isPending ? <LoadingStatus label={t('users.loading')} /> : null}
        <UsersTable
          users={data?.users}
          currentUserId={session.data?.user.id}
          loading={users.isPending}
          failed={users.isError && !data}
          onRetry={() => void users.refetch()}
          searching={term !== '' || role !== 'all'}
        />
      </TableCard>
    </AdminPage>
  );
}
