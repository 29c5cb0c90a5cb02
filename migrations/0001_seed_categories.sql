-- Reference data: the shop's categories (SPEC.md section 3). Created active.
INSERT OR IGNORE INTO `categories` (`name`, `slug`) VALUES
  ('Indoors', 'indoors'),
  ('Deps', 'deps'),
  ('Lows', 'lows'),
  ('Edibles', 'edibles'),
  ('Pens', 'pens'),
  ('Concentrates', 'concentrates'),
  ('Pala', 'pala'),
  ('Gelato Punch', 'gelato-punch'),
  ('Branded Exotics', 'branded-exotics'),
  ('New Drops', 'new-drops'),
  ('Mushrooms', 'mushrooms');
