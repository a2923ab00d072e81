# frozen_string_literal: true

module Slotwise
  VERSION = '1.0.0'
end
