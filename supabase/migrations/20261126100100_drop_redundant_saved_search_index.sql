-- An address's saved searches are found through the unique (email_key, query) index, whose first column is the
-- address: the index on email_key alone served no read and cost every write.
drop index public.saved_searches_email_key_idx;
