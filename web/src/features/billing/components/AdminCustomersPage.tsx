import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ErrorState } from '../../../components/ErrorState';
import { PageLoader } from '../../../components/PageLoader';
import { lgasQuery } from '../../identity/api/identity';
import { customersQuery, type Customer } from '../api/billing';
import { STATUS_LABELS, formatDate, formatTableTimestamp } from '../format';
import { useLiveCustomers } from '../hooks/useLiveCustomers';
import { StatusChip } from './StatusChip';
import './billing.css';

type SortKey = 'lgaName' | 'subscriptionStatus' | 'trialEnd' | 'updatedAt';
const COLUMNS: Array<[SortKey, string]> = [
  ['lgaName', 'Council'],
  ['subscriptionStatus', 'Status'],
  ['trialEnd', 'Trial ends'],
  ['updatedAt', 'Last change'],
];

function compare(a: Customer, b: Customer, key: SortKey): number {
  const x = a[key] ?? '';
  const y = b[key] ?? '';
  return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
}

/** Opens any council's customer page, including councils that never had a customer record. */
function OpenCouncil() {
  const lgas = useQuery(lgasQuery);
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  return (
    <form className="billing-toolbar" onSubmit={(e) => { e.preventDefault(); if (code) navigate(`/customer/${code}`); }}>
      <label>
        Any council
        <select value={code} onChange={(e) => setCode(e.target.value)} disabled={!lgas.data}>
          <option value="">Choose a council…</option>
          {lgas.data?.map((l) => <option key={l.code} value={l.code}>{l.name}{l.state ? ` (${l.state})` : ''}</option>)}
        </select>
      </label>
      <button type="submit" className="amplify-button amplify-button--primary" disabled={!code}>Open</button>
    </form>
  );
}

/** /admin/customers: every council that has ever had a customer record, live as Stripe reports changes. */
export function AdminCustomersPage() {
  const customers = useQuery(customersQuery);
  useLiveCustomers(null);
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'lgaName', desc: false });

  const rows = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const filtered = (customers.data ?? []).filter(
      (c) => (!status || c.subscriptionStatus === status) && (!needle || c.lgaName.toLowerCase().includes(needle) || c.lgaCode.includes(needle)),
    );
    const sorted = filtered.sort((a, b) => compare(a, b, sort.key));
    return sort.desc ? sorted.reverse() : sorted;
  }, [customers.data, status, search, sort]);

  const sortBy = (key: SortKey) => setSort((s) => ({ key, desc: s.key === key ? !s.desc : false }));

  return (
    <div>
      <header className="page-header">
        <h1>Customers</h1>
        <p>Councils that subscribe, their status and invoices. Changes from Stripe appear as they happen.</p>
      </header>
      <section className="panel" aria-labelledby="customers-title">
        <h2 id="customers-title" className="visually-hidden">Customer list</h2>
        <div className="billing-toolbar">
          <label>
            Status
            <select value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All statuses</option>
              {Object.entries(STATUS_LABELS).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
            </select>
          </label>
          <label>
            Search by name
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="e.g. Forbes" />
          </label>
        </div>
        {customers.isPending ? (
          <PageLoader label="Loading customers…" />
        ) : customers.isError ? (
          <ErrorState message={customers.error.message} onRetry={() => void customers.refetch()} />
        ) : rows.length === 0 ? (
          <p className="muted">{customers.data.length === 0 ? 'No council has a customer record yet.' : 'No customer matches.'}</p>
        ) : (
          <table className="billing-table" aria-label="Customers">
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th key={key} aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
                    <button type="button" onClick={() => sortBy(key)}>{label}</button>
                  </th>
                ))}
                <th>Email suffix</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.lgaCode} data-lga={c.lgaCode}>
                  <td><Link to={`/customer/${c.lgaCode}`}>{c.lgaName}</Link> <span className="muted">{c.lgaCode}</span></td>
                  <td><StatusChip status={c.subscriptionStatus} /></td>
                  <td>{formatDate(c.trialEnd)}</td>
                  <td>{formatTableTimestamp(c.updatedAt)}</td>
                  <td>{c.emailSuffix ?? <span className="muted">not set</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel" aria-labelledby="open-council-title" style={{ marginTop: 20 }}>
        <h2 id="open-council-title">Set up a council</h2>
        <p className="muted">Set a council's email suffix and classification before its staff sign up or subscribe.</p>
        <OpenCouncil />
      </section>
    </div>
  );
}
