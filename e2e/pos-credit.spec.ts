import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CASHIER } from '../apps/server/src/db/seed/demo.ts';
import {
  apiCall,
  collectErrors,
  menuLink,
  type RunningApp,
  saleThroughApi,
  saveBusinessInfo,
  signedInPage,
  signInThroughUi,
  startShop,
  stockItem,
  stopAll,
} from './support.ts';

// Selling on account at the POS in Chromium, as a cashier does it: a customer added in place with a credit limit, a
// cash deposit and the rest on account, the receipt with what went on account and the balance after; then a sale past
// the available credit refused by the till, and one refused by the server after another till sold to the same
// customer meanwhile, with the amount still available. A manager who may exceed limits gives a reason and sells.
// Offline, the till finds the customer in its local copy and sells on account up to the credit it knows of, less what
// its outbox already put on the account.
let app: RunningApp;
let browser: Browser;
let admin: string;
let cement: { batch_number: string };
let cashier: Page;
const errors: string[] = [];

const CUSTOMER = { name: 'Mugisha Builders', phone: '0781234567' };

beforeAll(async () => {
  ({ app, browser, admin } = await startShop());
  await saveBusinessInfo(app.url, admin);
  cement = await stockItem(app.url, admin, 'Cement Bag', 38_000, 100);
  // The demo cashier may add customers and sell on account, not go past a limit.
  const roles = await apiCall(app.url, 'GET', '/rolelist?pagination_size=100', undefined, admin);
  const role = roles.body.data.find((r: { name: string }) => r.name === 'Cashier');
  const assigned = await apiCall(app.url, 'GET', `/assignedmenus/${role.id}`, undefined, admin);
  const given = await apiCall(
    app.url,
    'POST',
    `/assignmenus/${role.id}`,
    { selectedMenus: [...assigned.body.assignedMenuNames, 'customerAdd', 'customerCreditSale'] },
    admin,
  );
  expect(given.status, JSON.stringify(given.body)).toBe(200);
  cashier = await newTill(DEMO_CASHIER);
}, 120_000);
afterAll(() => stopAll(app, browser));

/** A till signed in as `user` (the Administrator unless told), whose prints are counted rather than shown. */
async function newTill(user?: { email: string; password: string }) {
  const page = await signedInPage(browser, app.url, user, {
    viewport: { width: 1366, height: 900 },
    prepare: collectErrors(errors),
  });
  await page.addInitScript(() => {
    window.print = () => {};
  });
  await page.evaluate(() => {
    window.print = () => {};
  });
  return page;
}

const customerOnServer = async () =>
  (await apiCall(app.url, 'GET', `/getcustomers?search=${CUSTOMER.phone}`, undefined, admin)).body.data[0] as {
    id: number;
    customer_number: string;
    balance: number;
    available_credit: number;
  };
const saleCount = async () =>
  (await apiCall(app.url, 'GET', '/saleslist?pagination_size=100', undefined, admin)).body.total as number;
const saleOnServer = async (id: string) =>
  (await apiCall(app.url, 'GET', `/saleshow/${id}`, undefined, admin)).body.data;

/** Rubs out a field's text as a person does (caret to the end, one Backspace a character) and types at full speed. */
async function typeInto(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.click();
  await page.keyboard.press('End');
  for (let left = (await field.inputValue()).length; left > 0; left -= 1) await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** Opens the POS from the menu. */
async function openPos(page: Page) {
  await menuLink(page, 'POS').click();
  await page.getByRole('button', { name: 'Process Sale' }).waitFor();
}

/** Puts `count` bags of cement in the cart through the search box. */
async function cementInCart(page: Page, count: number) {
  await page.getByRole('textbox', { name: 'Find item' }).click();
  await page.keyboard.type('Cement Bag');
  await page.getByRole('list', { name: 'Search results' }).getByText('Cement Bag', { exact: true }).waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('row', { name: /Cement Bag/ }).waitFor();
  for (let i = 1; i < count; i++) await page.keyboard.press('+');
  await expect.poll(() => page.getByLabel('Cement Bag quantity').inputValue()).toBe(String(count));
}

/** Finds the customer by the start of their phone number, typed where a walk-in's phone goes, and picks them. */
async function chooseCustomer(page: Page, available: string) {
  await typeInto(page, page.getByRole('textbox', { name: 'Customer Phone' }), '0781');
  const option = page.getByRole('option', { name: new RegExp(CUSTOMER.name) });
  await option.getByText(`Available credit UGX ${available}`).waitFor();
  await option.click();
  await page.getByTestId('pos-customer-available').getByText(`Available credit: UGX ${available}`).waitFor();
}

/** Opens the payment step (F9's button) and waits for the total. */
async function takePayment(page: Page, total: string) {
  await page.getByRole('button', { name: 'Take payment (F9)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take payment' });
  await dialog.getByTestId('payment-total').getByText(`UGX ${total}`).waitFor();
  return dialog;
}

/** A cash deposit typed over the total, then the rest put on account. */
async function depositAndRestOnAccount(page: Page, dialog: ReturnType<Page['getByRole']>, cash: string, rest: string) {
  await typeInto(page, dialog.getByRole('textbox', { name: 'Amount', exact: true }), cash);
  await dialog.getByRole('button', { name: 'Rest on account' }).click();
  await expect.poll(() => dialog.getByRole('textbox', { name: 'Amount 2' }).inputValue()).toBe(rest);
  await dialog.getByTestId('payment-change').getByText('Change: UGX 0').waitFor();
}

describe('selling on account at the POS', () => {
  it('finds the server ready to sell on account', async () => {
    // A sale on account for a customer that does not exist is refused by name, not taken as a plain sale.
    const res = await apiCall(
      app.url,
      'POST',
      '/salesstore',
      {
        customerName: 'Nobody',
        customerPhone: '0700000000',
        customer_id: 999_999,
        items: [{ batchNumber: cement.batch_number, quantity: 1 }],
        payments: [{ method: 'ACCOUNT', amount: 38_000 }],
        idempotencyKey: crypto.randomUUID(),
      },
      admin,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors.customer_id).toEqual(['Unknown customer.']);
  });

  it('adds a customer in place and sells with a cash deposit and the rest on account', async () => {
    await openPos(cashier);
    await cashier.getByRole('button', { name: 'New customer' }).click();
    const add = cashier.getByRole('dialog', { name: 'New customer' });
    await typeInto(cashier, add.getByRole('textbox', { name: 'Name' }), CUSTOMER.name);
    await typeInto(cashier, add.getByRole('textbox', { name: 'Phone number' }), CUSTOMER.phone);
    await typeInto(cashier, add.getByRole('textbox', { name: 'Credit limit (UGX)' }), '300000');
    await add.getByRole('button', { name: 'Save customer' }).click();
    await add.waitFor({ state: 'detached' });
    const chosen = cashier.getByTestId('pos-customer');
    await chosen.getByText(CUSTOMER.name).waitFor();
    await chosen.getByText('Available credit: UGX 300,000').waitFor();
    const customer = await customerOnServer();
    expect(customer).toMatchObject({ balance: 0, available_credit: 300_000 });
    // A customer of the debt book replaces the walk-in name and phone.
    expect(await cashier.getByRole('textbox', { name: 'Customer Name' }).count()).toBe(0);

    await cementInCart(cashier, 5);
    const dialog = await takePayment(cashier, '190,000');
    await dialog.getByText(`${CUSTOMER.name}: UGX 300,000 of credit available`).waitFor();
    await depositAndRestOnAccount(cashier, dialog, '50000', '140,000');
    await dialog.getByRole('button', { name: 'Confirm sale (Enter)' }).click();

    await cashier.waitForURL(/\/salesreceipt\/\d+$/);
    const sale = await saleOnServer(cashier.url().split('/').pop() as string);
    expect(sale).toMatchObject({
      total_amount: 190_000,
      payment_method: 'SPLIT',
      payments: [
        { method: 'CASH', amount: 50_000 },
        { method: 'ACCOUNT', amount: 140_000 },
      ],
      account: { customer: { id: customer.id }, on_account: 140_000, balance_after: 140_000 },
    });
    expect(await cashier.getByTestId('receipt-customer').textContent()).toBe(
      `Customer: ${customer.customer_number} ${CUSTOMER.name} ${CUSTOMER.phone}`,
    );
    expect(await cashier.getByTestId('receipt-paid').textContent()).toBe('50,000');
    expect(await cashier.getByTestId('receipt-on-account').textContent()).toBe('140,000');
    expect(await cashier.getByTestId('receipt-balance-after').textContent()).toBe('UGX 140,000');
    // The money taken is listed as paid; what went on account only once, as "On account".
    expect(await cashier.getByTestId('receipt-payments').textContent()).not.toContain('On account');
    expect(await customerOnServer()).toMatchObject({ balance: 140_000, available_credit: 160_000 });
  });

  it('refuses a sale past the available credit, saying how much is available', async () => {
    const before = await saleCount();
    await openPos(cashier);
    await chooseCustomer(cashier, '160,000');
    await cementInCart(cashier, 5);

    // All of it on account: 190,000 where 160,000 is left. The till says so and sends nothing.
    const dialog = await takePayment(cashier, '190,000');
    await dialog.getByRole('textbox', { name: 'Paid by' }).click();
    await cashier.getByRole('option', { name: 'On account' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).toBe('190,000');
    const refusal = `Only UGX 160,000 of credit is available to ${CUSTOMER.name}: this sale would put UGX 190,000 on account.`;
    await dialog.getByTestId('payment-over-credit').getByText(refusal).waitFor();
    // A cashier who may not go past a limit is offered no reason to give.
    expect(await dialog.getByRole('textbox', { name: 'Reason to go past the credit limit' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Confirm sale (Enter)' }).click();
    // Still the payment step, still saying why.
    await dialog.getByTestId('payment-over-credit').getByText(refusal).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Back (Esc)' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await saleCount()).toBe(before);

    // Meanwhile another till puts two bags on the same account: 84,000 is left, which this till does not know yet.
    const { id } = await customerOnServer();
    await saleThroughApi(app.url, admin, [[cement, 2]], {
      customer_id: id,
      payments: [{ method: 'ACCOUNT', amount: 76_000 }],
    });
    const again = await takePayment(cashier, '190,000');
    await depositAndRestOnAccount(cashier, again, '40000', '150,000');
    await again.getByRole('button', { name: 'Confirm sale (Enter)' }).click();
    // The server is the authority: it refuses and names what is available now.
    await cashier
      .getByRole('alert')
      .getByText(
        `Only UGX 84,000 of credit is available to ${CUSTOMER.name}: this sale would put UGX 150,000 on account.`,
      )
      .waitFor();
    expect(await cashier.getByRole('button', { name: 'Sell past the limit' }).count()).toBe(0);
    expect(await saleCount()).toBe(before + 1);
    expect(await customerOnServer()).toMatchObject({ balance: 216_000, available_credit: 84_000 });
  });

  it('lets a manager who may exceed limits sell past the available credit with a reason', async () => {
    const manager = await newTill();
    await openPos(manager);
    await chooseCustomer(manager, '84,000');
    await cementInCart(manager, 5);
    // Another bag on account from elsewhere: 46,000 left, where this till still counts 84,000.
    const { id } = await customerOnServer();
    await saleThroughApi(app.url, admin, [[cement, 1]], {
      customer_id: id,
      payments: [{ method: 'ACCOUNT', amount: 38_000 }],
    });
    const dialog = await takePayment(manager, '190,000');
    await depositAndRestOnAccount(manager, dialog, '110000', '80,000');
    await dialog.getByRole('button', { name: 'Confirm sale (Enter)' }).click();
    const refused = manager.getByRole('alert').filter({ hasText: 'Only UGX 46,000 of credit is available' });
    await refused.waitFor();
    await typeInto(
      manager,
      refused.getByRole('textbox', { name: 'Reason to go past the credit limit' }),
      'Deposit for the slab promised Friday',
    );
    await refused.getByRole('button', { name: 'Sell past the limit' }).click();

    await manager.waitForURL(/\/salesreceipt\/\d+$/);
    const sale = await saleOnServer(manager.url().split('/').pop() as string);
    expect(sale.account).toMatchObject({ on_account: 80_000, balance_after: 334_000 });
    expect(await manager.getByTestId('receipt-on-account').textContent()).toBe('80,000');
    expect(await manager.getByTestId('receipt-balance-after').textContent()).toBe('UGX 334,000');
    const audit = await apiCall(app.url, 'GET', '/applicationloglist?pagination_size=5', undefined, admin);
    expect(JSON.stringify(audit.body)).toContain('Deposit for the slab promised Friday');
    expect(errors).toEqual([]);
  });
});

describe('selling on account offline', () => {
  it('finds the customer in the local copy, sells on account and counts the outbox against the credit', async () => {
    const kato = await apiCall(
      app.url,
      'POST',
      '/customerstore',
      { name: 'Kato Hardware', phone_number: '0789876543', credit_limit: 200_000 },
      admin,
    );
    expect(kato.status, JSON.stringify(kato.body)).toBe(200);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await context.addInitScript(() => {
      window.print = () => {};
    });
    const till = await context.newPage();
    till.setDefaultTimeout(15_000);
    till.on('pageerror', (err) => errors.push(err.message));
    await signInThroughUi(till, app.url, DEMO_CASHIER.email, DEMO_CASHIER.password);
    await till.waitForURL(/\/home$/);
    await till.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    await till.goto(`${app.url}/salespos`);
    await till.getByTestId('local-copy-age').waitFor();

    await context.setOffline(true);
    await till.reload();
    await till.getByRole('status', { name: 'Connection: Offline' }).waitFor();
    const findKato = async (available: string) => {
      await typeInto(till, till.getByRole('textbox', { name: 'Customer Name' }), 'Kato');
      const option = till.getByRole('option', { name: /Kato Hardware/ });
      await option.getByText(`Available credit UGX ${available}`).waitFor();
      await option.click();
      await till.getByTestId('pos-customer-available').getByText(`Available credit: UGX ${available}`).waitFor();
    };
    await findKato('200,000');
    await cementInCart(till, 3);
    const dialog = await takePayment(till, '114,000');
    await dialog.getByRole('textbox', { name: 'Paid by' }).click();
    await till.getByRole('option', { name: 'On account' }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Amount', exact: true }).inputValue()).toBe('114,000');
    await dialog.getByRole('button', { name: 'Confirm sale (Enter)' }).click();

    await till.getByTestId('not-yet-sent').waitFor();
    expect(await till.getByTestId('receipt-customer').textContent()).toBe(
      `Customer: ${kato.body.data.customer_number} Kato Hardware 0789876543`,
    );
    expect(await till.getByTestId('receipt-on-account').textContent()).toBe('114,000');
    await till.getByRole('link', { name: 'Back to POS' }).click();

    // The sale waits in the outbox: the customer has 86,000 left, not the 200,000 of the copy.
    await findKato('86,000');
    await till.getByRole('button', { name: 'Clear customer (walk-in sale)' }).click();
    await till.getByRole('textbox', { name: 'Customer Name' }).waitFor();

    await context.setOffline(false);
    await till.getByRole('status', { name: 'Connection: Online' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await apiCall(app.url, 'GET', '/getcustomers?search=Kato', undefined, admin)).body.data[0])
      .toMatchObject({ balance: 114_000, available_credit: 86_000 });
    await context.close();
    expect(errors).toEqual([]);
  });
});
