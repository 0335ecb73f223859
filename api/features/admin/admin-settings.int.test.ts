import { expect, it } from 'vitest';
import { describeAppOnEveryDatabase } from '../../testing/describe-app-on-every-database';
import { signInWithCode, testAuthSecret } from '../../testing/test-sign-in';
import type { PurchasingSetting } from '../../../contract/purchasing';
import { eventsInLog } from './testing/events-in-log';

const switches = ['PurchasingEnabled', 'PurchasingDisabled'];
const refused = { code: 'purchasing_disabled', message: "We're currently unable to process purchases. Please contact support for assistance." };

describeAppOnEveryDatabase('admin settings', { config: { authSecret: testAuthSecret, adminEmails: ['admin@example.com'] } }, (env) => {
  it('switches purchasing off and on with one event each, effective for the very next checkout', async () => {
    const { browser: admin, user: adminUser } = await signInWithCode(env.app.url, 'admin@example.com');
    const { browser: buyer } = await signInWithCode(env.app.url, 'buyer@example.com');
    expect((await admin.get<PurchasingSetting>('/api/admin/settings')).body).toEqual({ purchasing_enabled: true });

    const off = await admin.patch<PurchasingSetting>('/api/admin/settings', { purchasing_enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ purchasing_enabled: false });
    // No wait: the answer came once the read model had the switch.
    const checkout = await buyer.post<{ error: unknown }>('/api/credits/create-checkout');
    expect(checkout.status).toBe(403);
    expect(checkout.body.error).toEqual(refused);
    expect((await buyer.get('/api/settings/purchasing')).body).toEqual({ purchasing_enabled: false });
    expect((await admin.get<PurchasingSetting>('/api/admin/settings')).body).toEqual({ purchasing_enabled: false });

    // Asking again for what already holds appends nothing.
    expect((await admin.patch<PurchasingSetting>('/api/admin/settings', { purchasing_enabled: false })).body).toEqual({ purchasing_enabled: false });
    expect((await eventsInLog(env.app, switches)).map((event) => [event.type, event.metadata.userId])).toEqual([['PurchasingDisabled', adminUser.id]]);

    expect((await admin.patch<PurchasingSetting>('/api/admin/settings', { purchasing_enabled: true })).body).toEqual({ purchasing_enabled: true });
    expect((await buyer.post('/api/credits/create-checkout')).status).toBe(200);
    expect((await eventsInLog(env.app, switches)).map((event) => event.type)).toEqual(['PurchasingDisabled', 'PurchasingEnabled']);
  });

  it('refuses a non-admin (403) and bad bodies (400), changing nothing', async () => {
    const { browser: admin } = await signInWithCode(env.app.url, 'admin@example.com');
    const { browser: regular } = await signInWithCode(env.app.url, 'regular@example.com');
    const before = await eventsInLog(env.app, switches);
    const setting = (await admin.get<PurchasingSetting>('/api/admin/settings')).body;

    const forbidden = await regular.patch('/api/admin/settings', { purchasing_enabled: !setting.purchasing_enabled });
    expect(forbidden.status).toBe(403);
    for (const body of [{}, { purchasing_enabled: 'false' }, { purchasing_enabled: 0 }, { purchasing_enabled: null }, { purchasing_enabled: false, other: 1 }, []]) {
      const bad = await admin.patch<{ error: { code: string } }>('/api/admin/settings', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error.code).toBe('invalid_request');
    }
    expect(await eventsInLog(env.app, switches)).toEqual(before);
    expect((await admin.get<PurchasingSetting>('/api/admin/settings')).body).toEqual(setting);
  });
});
