import { useEffect, useMemo, useState } from 'react';
import { LoadingState } from '../../components/ui/loading-state';
import { useAdminUsageQuery } from './admin-api';
import screenStyles from './admin-screen.module.css';
import { BandwidthTable } from './bandwidth-table';
import { defaultUsageSort, nextUsageSort, sortUsageRows } from './usage-sort';
import type { UsageSort } from './usage-sort';

// Relative 'Last Active' texts age while open: re-read once a minute, without refetching (spec 001, 7).
const CLOCK_TICK_MS = 60_000;

export function AdminUsageScreen() {
  const { data, isLoading, isError } = useAdminUsageQuery();
  const [sort, setSort] = useState<UsageSort>(defaultUsageSort);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  // Sorting apart from rendering, so scrolling 10,000 rows never sorts again.
  const rows = useMemo(() => (data ? sortUsageRows(data, sort) : []), [data, sort]);

  return (
    <div className={screenStyles.screen}>
      <section className={screenStyles.section} aria-labelledby="bandwidth-usage-title">
        <div className={screenStyles.sectionHeader}>
          <div>
            <h2 className={screenStyles.sectionTitle} id="bandwidth-usage-title">
              Bandwidth Usage
            </h2>
            <p className={screenStyles.sectionNote}>Bytes streamed per user. Hover Last Active to see the last songs played.</p>
          </div>
          {data ? <p className={screenStyles.statusText}>{data.length === 1 ? '1 user' : `${data.length.toLocaleString('en-US')} users`}</p> : null}
        </div>
        {isLoading ? <LoadingState label="Loading usage..." /> : null}
        {isError ? <p className={screenStyles.loadError}>The usage figures could not be loaded. Reload the page to try again.</p> : null}
        {data ? <BandwidthTable rows={rows} sort={sort} onSort={(key) => setSort((current) => nextUsageSort(current, key))} now={now} /> : null}
      </section>
    </div>
  );
}
