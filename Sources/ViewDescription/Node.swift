// The view description: screens as trees of nodes named after SwiftUI.
