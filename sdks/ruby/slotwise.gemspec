# frozen_string_literal: true

require_relative 'lib/slotwise/version'

Gem::Specification.new do |s|
  s.name        = 'slotwise'
  s.version     = Slotwise::VERSION
  s.summary     = 'Slotwise API client'
  s.description = 'Generated from the API description (openapi-generator, Faraday), with retries, idempotency keys, ' \
                  'typed problems, pagination and webhook verification.'
  s.authors     = ['Slotwise']
  s.license     = 'Nonstandard'
  s.required_ruby_version = '>= 2.7'
  s.files       = Dir['lib/**/*.rb', 'README.md']
  s.add_runtime_dependency 'faraday', '>= 1.0.1', '< 3.0'
  s.add_runtime_dependency 'marcel'
end
