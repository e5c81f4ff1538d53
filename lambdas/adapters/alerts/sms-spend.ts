// What text alerts cost each council this month: a counter per council and month, taken one
// text at a time under the administrator's cap in the same conditional write, so no burst of
// sends can pass it. A council without a cap sends no texts.
import { db } from '../db/db';

const counterName = (lgaCode: string) => `sms-spend#${lgaCode}`;

export async function smsCapOf(lgaCode: string): Promise<number | undefined> {
  const { data } = await db().entities.customer.get({ lgaCode }).go({ attributes: ['smsMonthlyCapCents'] });
  return data?.smsMonthlyCapCents;
}

export async function setSmsCap(lgaCode: string, capCents: number): Promise<void> {
  await db().entities.customer.patch({ lgaCode }).set({ smsMonthlyCapCents: capCents }).go();
}

export async function smsSpentCents(lgaCode: string, month: string): Promise<number> {
  const { data } = await db().entities.counter.get({ name: counterName(lgaCode), scope: month }).go();
  return data?.count ?? 0;
}

/** Takes one text's price from this month's allowance; false when it would pass the cap. */
export async function takeSmsSpend(lgaCode: string, month: string, priceCents: number, capCents: number): Promise<boolean> {
  if (priceCents > capCents) return false;
  try {
    await db()
      .entities.counter.update({ name: counterName(lgaCode), scope: month })
      .add({ count: priceCents })
      .where(({ count }, { notExists, lte }) => `${notExists(count)} OR ${lte(count, capCents - priceCents)}`)
      .go();
    return true;
  } catch (error) {
    if (/conditional/i.test(String((error as Error).message))) return false;
    throw error;
  }
}
