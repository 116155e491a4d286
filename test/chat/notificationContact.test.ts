import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { notificationStore } from '../emulator/routes/notifications';
import { byId, expectRefused, expectRequest, json, run, useEmulator } from '../helpers';

const contact = (operation: string, extra: Record<string, unknown> = {}) =>
	({ resource: 'notificationContact', operation, uid: byId('cometchat-uid-1'), ...extra }) as INodeParameters;

describe('Notification Contact', () => {
	const ctx = useEmulator();
	const contacts = () => notificationStore(ctx.emulator.state).contacts;

	beforeEach(() => ctx.emulator.seedUser({ uid: 'cometchat-uid-1' }));

	it('Update sends e-mail and phone number as the user (onBehalfOf) and returns them', async () => {
		const { items, error } = await run(ctx, contact('update', { updateFields: { email: ' someone@example.com ', phno: '+91 95911 28691' } }));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{
				method: 'PATCH',
				path: '/v3/notifications/v1/contact-details',
				body: { email: 'someone@example.com', phno: '+919591128691' },
				headers: { onBehalfOf: 'cometchat-uid-1', 'content-type': 'application/json' },
			},
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ email: 'someone@example.com', phno: '+919591128691' }]);
		expect(contacts().get('cometchat-uid-1')).toEqual({ email: 'someone@example.com', phno: '+919591128691' });
	});

	it('Update sends only the field added, and the other one stays', async () => {
		contacts().set('cometchat-uid-1', { email: 'old@example.com', phno: '+14155550123' });
		const { items } = await run(ctx, contact('update', { updateFields: { email: 'new@example.com' } }));
		expect(ctx.emulator.requests[0].body).toEqual({ email: 'new@example.com' });
		expect(json(items)).toEqual([{ email: 'new@example.com', phno: '+14155550123' }]);
	});

	it('Get reads the contact details as the user', async () => {
		contacts().set('cometchat-uid-1', { email: 'someone@example.com', phno: '+14155550123' });
		const { items, error } = await run(ctx, contact('get'));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'GET', path: '/v3/notifications/v1/contact-details', body: undefined, headers: { onBehalfOf: 'cometchat-uid-1' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ email: 'someone@example.com', phno: '+14155550123' }]);
	});

	it('Delete removes the contact details', async () => {
		contacts().set('cometchat-uid-1', { email: 'someone@example.com' });
		const { items, error } = await run(ctx, contact('delete'));
		expect(error).toBeUndefined();
		expectRequest(
			ctx.emulator.requests[0],
			{ method: 'DELETE', path: '/v3/notifications/v1/contact-details', body: undefined, headers: { onBehalfOf: 'cometchat-uid-1' } },
			ctx.emulator.apiKey,
		);
		expect(json(items)).toEqual([{ deleted: true }]);
		expect(contacts().has('cometchat-uid-1')).toBe(false);
	});

	it.each(['get', 'update', 'delete'])('%s fails the item with ERR_UID_NOT_FOUND for an unknown user', async (operation) => {
		const { error } = await run(ctx, contact(operation, { uid: byId('ghost'), updateFields: { email: 'a@example.com' } }));
		expect(ctx.emulator.requests[0].headers.onbehalfof).toBe('ghost');
		expect(error?.message).toMatch(/^ERR_UID_NOT_FOUND: The UID ghost does not exist/);
	});

	it.each([
		['no field', {}, 'Update Fields: is empty [item 0]'],
		['an e-mail without "@"', { email: 'someone.example.com' }, 'Email: "someone.example.com" is not an e-mail address [item 0]'],
		['a phone number without country code', { phno: '09591128691' }, 'Phone Number: "09591128691" is not a phone number with its country code [item 0]'],
		['a phone number that is a list', { phno: ['+14155550123'] }, 'Phone Number: must be text, not an array [item 0]'],
	])('Update stops %s before any request', async (_case, updateFields, message) => {
		const fields = Object.fromEntries(Object.keys(updateFields).map((key) => [key, `={{ $json.${key} }}`]));
		await expectRefused(ctx, contact('update', { updateFields: fields }), updateFields as IDataObject, message);
	});

	it('stops an invalid user before any request', async () => {
		const { error } = await run(ctx, contact('get', { uid: byId('={{ $json.uid }}') }), { input: [{ json: { uid: 'a b' } }] });
		expect(error?.message).toContain('User: "a b" has characters CometChat does not allow');
		expect(ctx.emulator.requests).toEqual([]);
	});
});
