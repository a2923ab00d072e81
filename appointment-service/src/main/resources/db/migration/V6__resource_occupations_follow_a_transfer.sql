-- A hold turned into an appointment (VisitSegments.transfer) gives all of the hold's rows a new owner in one
-- statement, and the row trigger of V5 then moved their resource occupations one segment at a time: a segment's
-- occupation under the appointment's id met the hold's occupation of the next segment, still under the hold's id, and
-- where a visit keeps one room for two services in a row (buffers overlapping) the two owners differed, so the
-- exclusion constraint refused the booking (500). When a segment changes owner, every occupation of the old owner
-- goes at once; each segment of the statement then writes its own under the new owner, and rows of one owner never
-- conflict. Only the transfer changes owners, and it moves every live row of the hold (a row it leaves behind has
-- expired, and an expired occupation conflicts with nothing).
create or replace function visit_segments_resource_occupations() returns trigger language plpgsql as $$
begin
    if tg_op = 'UPDATE' and new.owner_id <> old.owner_id then
        delete from resource_occupations where owner_id = old.owner_id;
    elsif tg_op in ('UPDATE', 'DELETE') then
        delete from resource_occupations where owner_id = old.owner_id and position = old.position;
    end if;
    if tg_op in ('INSERT', 'UPDATE') and cardinality(new.resource_ids) > 0 then
        insert into resource_occupations (owner_id, position, resource_id, tenant_id, occupied_from, occupied_until,
                                          state, live_from, live_until)
        select new.owner_id, new.position, resource_id, new.tenant_id, new.occupied_from, new.occupied_until,
               new.state, new.live_from, new.live_until
        from unnest(new.resource_ids) as resource_id;
    end if;
    return null;
end
$$;
