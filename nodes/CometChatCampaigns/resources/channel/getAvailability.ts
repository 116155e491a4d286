import { defineOperation } from '../../../shared/operations';
import { output } from './fields';

// GET /channels/availability
export const getAvailability = defineOperation(
	'channel',
	{ name: 'Get Availability', value: 'getAvailability', action: 'Get which channel types are available', description: 'Get which channel types the app can use', routing: { request: { method: 'GET', url: '/channels/availability' }, output } },
	[],
);
