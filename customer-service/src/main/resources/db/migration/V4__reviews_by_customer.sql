-- the review list filters by customer (GET /api/v1/reviews?customerId=), newest first; customer ids are unique
-- across tenants, and the foreign key's own lookups need the customer first
create index reviews_customer_idx on reviews (customer_id, id desc);
