/** Who may sign in to the staff console. */
import { defineActions } from './context';

export const memberActions = defineActions({
  'staff-list': {
    readOnly: true,
    handler: async (_, { store }) => {
      const staff = await store.staffMembers();
      return { message: `${staff.length} staff member(s)`, staff };
    },
  },
  'staff-add': {
    readOnly: false,
    handler: async ({ email }, { store, by }) => {
      const added = await store.addStaff(email, by);
      return {
        message: added ? `${email} may now sign in as staff` : `${email} is staff already`,
        staff: await store.staffMembers(),
      };
    },
  },
  'staff-remove': {
    readOnly: false,
    handler: async ({ email }, { store, by }) => {
      const removed = await store.removeStaff(email, by);
      return {
        message: removed ? `${email} is no longer staff (signed out)` : `${email} was not staff`,
        staff: await store.staffMembers(),
      };
    },
  },
});
